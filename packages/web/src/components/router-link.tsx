import Button, { type ButtonProps } from '@mui/material/Button';
import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

type To = string;

/** MUI Link that navigates inside the SPA (paths are relative to /encuestas). */
export function AppLink({ to, ...props }: Omit<LinkProps, 'href'> & { to: To }) {
  return <Link component={RouterLink} to={to} {...props} />;
}

/** MUI Button that is a link inside the SPA. */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href'> & { to: To }) {
  return <Button component={RouterLink} to={to} {...props} />;
}
