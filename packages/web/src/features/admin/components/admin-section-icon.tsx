import type { SvgIconProps } from '@mui/material/SvgIcon';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Apartment from '@mui/icons-material/Apartment';
import Assessment from '@mui/icons-material/Assessment';
import EventNote from '@mui/icons-material/EventNote';
import FactCheck from '@mui/icons-material/FactCheck';
import HealthAndSafety from '@mui/icons-material/HealthAndSafety';
import History from '@mui/icons-material/History';
import Home from '@mui/icons-material/Home';
import MarkunreadMailbox from '@mui/icons-material/MarkunreadMailbox';
import NotificationImportant from '@mui/icons-material/NotificationImportant';
import People from '@mui/icons-material/People';
import RateReview from '@mui/icons-material/RateReview';
import UploadFile from '@mui/icons-material/UploadFile';
import type { ComponentType } from 'react';
import type { AdminSectionKey } from '../admin-sections';

const ICONS: Record<AdminSectionKey, ComponentType<SvgIconProps>> = {
  home: Home,
  periods: EventNote,
  users: People,
  results: Assessment,
  suggestions: MarkunreadMailbox,
  nom035: HealthAndSafety,
  nom035File: FactCheck,
  commentAlerts: NotificationImportant,
  commentReview: RateReview,
  directory: UploadFile,
  auditLog: History,
  campuses: Apartment,
  profile: AccountCircle,
};

export function AdminSectionIcon({ section, ...props }: SvgIconProps & { section: AdminSectionKey }) {
  const Icon = ICONS[section];
  return <Icon aria-hidden {...props} />;
}
