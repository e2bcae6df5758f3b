import Box, { type BoxProps } from '@mui/material/Box';

interface BrandMarkProps {
  /** Width and height in px. */
  size?: number;
  sx?: BoxProps['sx'];
}

/** The platform's mark: a checked survey sheet on a yellow disc. Decorative. */
export function BrandMark({ size = 48, sx }: BrandMarkProps) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      sx={[{ width: size, height: size, flexShrink: 0, display: 'block' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <circle cx="32" cy="32" r="30" fill="#FFD100" stroke="#000" strokeWidth="4" />
      <rect x="20" y="16" width="24" height="32" rx="3" fill="#fff" stroke="#000" strokeWidth="3" />
      <path d="M25 30l5 5 9-10" fill="none" stroke="#000" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </Box>
  );
}
