/** The shop sells through one Sylius channel; its code names it in the contract (`/channels/WEB`). */
export const CHANNEL_CODE = 'WEB';
