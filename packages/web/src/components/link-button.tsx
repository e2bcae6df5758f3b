import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/**
 * MUI Button that is a link inside the SPA (paths are relative to /encuestas),
 * for the back office. Apart from router-link.tsx, whose AppLink the
 * respondent pages use: they draw LightLinkButton (light-button.tsx), and
 * this module would bring MUI's Button into their first file.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  return <Button component={RouterLink} to={to} {...props} />;
}
