/**
 * Draws a stand-in photo for a seeded part: a studio-grey backdrop, a shape per photo angle and the
 * part's family and name, encoded as WebP by sharp. Real parts get real photos from the import.
 */
import sharp from 'sharp';

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function hue(code: string): number {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** Splits `text` into lines of at most `width` characters on word boundaries. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}

export interface PartImageInput {
  title: string;
  caption: string;
  code: string;
  variant: number;
}

export async function renderPartImage({ title, caption, code, variant }: PartImageInput): Promise<Buffer> {
  const h = (hue(code) + variant * 40) % 360;
  const shapes = [
    `<circle cx="400" cy="250" r="150" fill="hsl(${h},35%,45%)"/><circle cx="400" cy="250" r="70" fill="hsl(${h},20%,80%)"/>`,
    `<rect x="230" y="110" width="340" height="280" rx="30" fill="hsl(${h},35%,45%)"/><rect x="290" y="170" width="220" height="160" rx="16" fill="hsl(${h},20%,80%)"/>`,
    `<polygon points="400,90 580,400 220,400" fill="hsl(${h},35%,45%)"/><circle cx="400" cy="300" r="55" fill="hsl(${h},20%,80%)"/>`,
  ];
  const lines = wrap(caption, 38, 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3f4f6"/><stop offset="1" stop-color="#d1d5db"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  ${shapes[(variant - 1) % shapes.length]}
  <text x="400" y="470" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="bold" fill="#1f2937" text-anchor="middle">${escapeXml(title)}</text>
  ${lines.map((line, i) => `<text x="400" y="${515 + i * 32}" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="#374151" text-anchor="middle">${escapeXml(line)}</text>`).join('')}
  <text x="780" y="40" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" fill="#6b7280" text-anchor="end">${escapeXml(code)} · photo ${variant}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
}
