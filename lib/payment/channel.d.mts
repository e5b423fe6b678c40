export declare const CHANNEL_PATH: 'channels/WEB';
