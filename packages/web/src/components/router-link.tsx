import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** MUI Link that navigates inside the SPA (paths are relative to /encuestas). */
export function AppLink({ to, ...props }: Omit<LinkProps, 'href'> & { to: string }) {
  return <Link component={RouterLink} to={to} {...props} />;
}
