import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/**
 * MUI Button that is a link inside the SPA (paths are relative to /encuestas),
 * for the back office and the start page. The respondent pages draw
 * LightLinkButton (light-button.tsx) instead; in a module of its own so that
 * router-link.tsx's AppLink brings no MUI Button along.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  return <Button component={RouterLink} to={to} {...props} />;
}
