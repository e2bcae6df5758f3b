import { useKeyedClass, sxKey, type PlainSx } from './static-style';

/**
 * The icons of the respondent pages as plain <svg> elements: MUI's icons are
 * SvgIcon, a styled component redrawn with its styles on every render. The
 * paths are Material Icons' (those of @mui/icons-material and MUI's Alert).
 */

const ICON_SX = {
  userSelect: 'none',
  width: '1em',
  height: '1em',
  display: 'inline-block',
  flexShrink: 0,
  fill: 'currentColor',
  fontSize: '1.5rem',
  '&[data-size="small"]': { fontSize: '1.25rem' },
  '&[data-size="large"]': { fontSize: '2.1875rem' },
  '&[data-size="inherit"]': { fontSize: 'inherit' },
} as const;

export interface LightIconProps {
  /** As SvgIcon's: 24 px (medium), 20, 35, or the text's. */
  fontSize?: 'small' | 'medium' | 'large' | 'inherit';
  sx?: PlainSx;
  /** Hidden from screen readers unless named. */
  'aria-label'?: string;
}

function makeIcon(path: string) {
  return function LightIcon({ fontSize = 'medium', sx, 'aria-label': label }: LightIconProps) {
    const own = useKeyedClass('icon', () => ICON_SX);
    const extra = useKeyedClass(`icon|${sxKey(sx)}`, () => sx ?? {});
    return (
      <svg
        className={sx ? `${own} ${extra}` : own}
        data-size={fontSize}
        viewBox="0 0 24 24"
        focusable="false"
        aria-hidden={label ? undefined : true}
        aria-label={label}
        role={label ? 'img' : undefined}
      >
        <path d={path} />
      </svg>
    );
  };
}

export const ArrowBackIcon = makeIcon('M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z');
export const ArrowForwardIcon = makeIcon('m12 4-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z');
export const CheckBoxIcon = makeIcon(
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2m-9 14-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
);
export const CheckBoxOutlineBlankIcon = makeIcon('M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2');
export const CheckCircleIcon = makeIcon('M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z');
export const ChevronRightIcon = makeIcon('M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z');
export const CloseIcon = makeIcon('M19 6.41L17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z');
export const ErrorOutlineIcon = makeIcon(
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
);
export const InfoOutlinedIcon = makeIcon(
  'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20, 12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10, 10 0 0,0 12,2M11,17H13V11H11V17Z',
);
export const LogoutIcon = makeIcon('m17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4z');
export const PlaceIcon = makeIcon(
  'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7m0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5',
);
export const PlayArrowIcon = makeIcon('M8 5v14l11-7z');
export const RadioButtonUncheckedIcon = makeIcon(
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
);
export const ReportProblemOutlinedIcon = makeIcon('M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z');
export const SendIcon = makeIcon('M2.01 21 23 12 2.01 3 2 10l15 2-15 2z');
export const SuccessOutlinedIcon = makeIcon(
  'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2, 4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0, 0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z',
);
export const VisibilityIcon = makeIcon(
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
);
export const VisibilityOffIcon = makeIcon(
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
);
