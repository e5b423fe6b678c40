import type { SVGProps } from 'react';

/**
 * The shop's logo, drawn inline (same drawing as public/logo.svg). As an <img>, an SVG is a document
 * of its own that Chrome builds on the main thread while the page starts (50 ms under Lighthouse's
 * 4× CPU slowdown on the bench machine); inline, it is a few nodes of the page. Decorative: the link
 * around it carries the name.
 */
export function SiteLogo(props: SVGProps<SVGSVGElement>) {
  return (
    <svg width={200} height={48} viewBox="0 0 200 48" aria-hidden focusable={false} {...props}>
      <rect x="2" y="4" width="40" height="40" rx="9" fill="#143f74" />
      <path d="M22 12a12 12 0 1 0 11.3 8h-5.2a7 7 0 1 1-6.1-3.9V12z" fill="#f28c13" />
      <path d="M22 9l7 5-7 5z" fill="#f28c13" />
      <g fontFamily="Arial, Helvetica, sans-serif" fontSize="15" fontWeight="700">
        <text x="50" y="22" fill="#143f74">
          Pièces Auto
        </text>
        <text x="50" y="40" fill="#b45309">
          Recyclées
        </text>
      </g>
    </svg>
  );
}
