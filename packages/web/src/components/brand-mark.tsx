interface BrandMarkProps {
  /** Width and height in px. */
  size?: number;
  className?: string;
}

/**
 * The platform's mark: a checked survey sheet on a yellow disc. Decorative.
 * A plain <svg> (no styled component): it is drawn on every respondent page.
 */
export function BrandMark({ size = 48, className }: BrandMarkProps) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
      style={{ flexShrink: 0, display: 'block' }}
    >
      <circle cx="32" cy="32" r="30" fill="#FFD100" stroke="#000" strokeWidth="4" />
      <rect x="20" y="16" width="24" height="32" rx="3" fill="#fff" stroke="#000" strokeWidth="3" />
      <path d="M25 30l5 5 9-10" fill="none" stroke="#000" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
