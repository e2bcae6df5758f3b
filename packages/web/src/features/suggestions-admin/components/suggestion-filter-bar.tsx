import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FilterListOff from '@mui/icons-material/FilterListOff';
import Search from '@mui/icons-material/Search';
import Tune from '@mui/icons-material/Tune';
import { IdSelectField } from '../../../components/filters/id-select-field';
import { CampusFilterField } from '../../../components/filters/actives-filter-bar';
import { idSelectValue } from '../../../components/filters/id-select-value';
import { parsePositiveId } from '../../../components/parse-positive-id';
import type { CommentCategory, SuggestionCategoryGroups, SuggestionResolution } from '../api/suggestions-admin-api';
import {
  CLOSED_FILTER_LABELS,
  GENERAL_CATEGORIES_HEADING,
  PERSON_CATEGORIES_HEADING,
  categoryLabel,
  SEARCH_MAX_LENGTH,
  YES_NO_FILTER_LABELS,
  type ClosedFilter,
  type SuggestionFilters,
  type YesNoFilter,
} from '../logic/suggestion-filters';

interface SuggestionFilterBarProps {
  filters: SuggestionFilters;
  onChange: (change: Partial<SuggestionFilters>) => void;
  onClear: () => void;
  canClear: boolean;
  commentCategories: readonly CommentCategory[];
  suggestionCategories: SuggestionCategoryGroups;
  resolutions: readonly SuggestionResolution[];
}

const selectSlotProps = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

/**
 * The comment filter of spec §3: campus, text, type, category (general topics
 * and topics about a person), resolution, state, contact and contacted. On a
 * phone the last five fold under 'Más filtros'.
 */
export function SuggestionFilterBar({
  filters,
  onChange,
  onClear,
  canClear,
  commentCategories,
  suggestionCategories,
  resolutions,
}: SuggestionFilterBarProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  const showMore = !isPhone || expanded;

  return (
    <Stack spacing={2} role="search" aria-label="Filtros de comentarios">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <TextField
          label="Buscar en comentarios"
          type="search"
          value={filters.search}
          onChange={(event) => onChange({ search: event.target.value })}
          sx={{ gridColumn: { sm: 'span 2' } }}
          slotProps={{
            htmlInput: { maxLength: SEARCH_MAX_LENGTH },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
        />
        <CampusFilterField id="buzon-campus" label="Campus" selectedId={filters.campusId} onChange={(campusId) => onChange({ campusId })} />
        <TextField
          select
          id="buzon-estado"
          label="Estado"
          value={filters.closed}
          onChange={(event) => onChange({ closed: event.target.value as ClosedFilter })}
        >
          {(Object.keys(CLOSED_FILTER_LABELS) as ClosedFilter[]).map((key) => (
            <MenuItem key={key} value={key}>
              {CLOSED_FILTER_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {showMore ? (
        <MoreFilters
          id={moreId}
          filters={filters}
          onChange={onChange}
          commentCategories={commentCategories}
          suggestionCategories={suggestionCategories}
          resolutions={resolutions}
        />
      ) : null}

      {isPhone || canClear ? (
        <FilterButtons
          isPhone={isPhone}
          expanded={expanded}
          moreId={moreId}
          onToggle={() => setExpanded((e) => !e)}
          canClear={canClear}
          onClear={onClear}
        />
      ) : null}
    </Stack>
  );
}

/** 'Más filtros' on a phone, and 'Limpiar filtros' once a filter is set. */
function FilterButtons({
  isPhone,
  expanded,
  moreId,
  onToggle,
  canClear,
  onClear,
}: {
  isPhone: boolean;
  expanded: boolean;
  moreId: string;
  onToggle: () => void;
  canClear: boolean;
  onClear: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {isPhone ? (
        <Button
          variant="outlined"
          startIcon={<Tune />}
          aria-expanded={expanded}
          aria-controls={expanded ? moreId : undefined}
          onClick={onToggle}
        >
          {expanded ? 'Menos filtros' : 'Más filtros'}
        </Button>
      ) : null}
      {canClear ? (
        <Button startIcon={<FilterListOff />} onClick={onClear}>
          Limpiar filtros
        </Button>
      ) : null}
    </Stack>
  );
}

/** Type, category, resolution, contact and contacted: on a phone, under 'Más filtros'. */
function MoreFilters({
  id,
  filters,
  onChange,
  commentCategories,
  suggestionCategories,
  resolutions,
}: Omit<SuggestionFilterBarProps, 'onClear' | 'canClear'> & { id: string }) {
  const allCategories = [...suggestionCategories.general, ...suggestionCategories.person];
  return (
    <Box
      id={id}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      <IdSelectField
        id="buzon-tipo"
        label="Tipo"
        selectedId={filters.commentsCategoryId}
        options={commentCategories}
        optionLabel={(category) => category.name}
        emptyLabel="Todos"
        onChange={(commentsCategoryId) => onChange({ commentsCategoryId })}
      />
      <TextField
        select
        id="buzon-categoria"
        label="Categoría"
        value={idSelectValue(filters.suggestionCategoryId, allCategories)}
        onChange={(event) => onChange({ suggestionCategoryId: parsePositiveId(event.target.value) })}
        slotProps={{
          ...selectSlotProps,
          select: {
            displayEmpty: true,
            // The two groups share names ('Otro'): the chosen one says which group it is from.
            renderValue: (value) => categoryLabel(String(value), suggestionCategories),
          },
        }}
      >
        <MenuItem value="">Todas</MenuItem>
        {categoryMenuItems(suggestionCategories)}
      </TextField>
      <IdSelectField
        id="buzon-resolucion"
        label="Resolución"
        selectedId={filters.suggestionResolutionId}
        options={resolutions}
        optionLabel={(resolution) => resolution.name}
        emptyLabel="Todas"
        onChange={(suggestionResolutionId) => onChange({ suggestionResolutionId })}
      />
      <YesNoSelect
        id="buzon-con-contacto"
        label="Con contacto"
        value={filters.hasContact}
        onChange={(hasContact) => onChange({ hasContact })}
      />
      <YesNoSelect
        id="buzon-contactado"
        label="Contactado"
        value={filters.isContacted}
        onChange={(isContacted) => onChange({ isContacted })}
      />
    </Box>
  );
}

/** The category options in their two groups, each under its heading. */
export function categoryMenuItems(groups: SuggestionCategoryGroups) {
  const items = [];
  if (groups.general.length > 0) {
    items.push(<ListSubheader key="general">{GENERAL_CATEGORIES_HEADING}</ListSubheader>);
    for (const c of groups.general) {
      items.push(
        <MenuItem key={c.id} value={String(c.id)} sx={{ pl: 3 }}>
          {c.name}
        </MenuItem>,
      );
    }
  }
  if (groups.person.length > 0) {
    items.push(<ListSubheader key="person">{PERSON_CATEGORIES_HEADING}</ListSubheader>);
    for (const c of groups.person) {
      items.push(
        <MenuItem key={c.id} value={String(c.id)} sx={{ pl: 3 }} aria-label={`${c.name} (${PERSON_CATEGORIES_HEADING.toLowerCase()})`}>
          {c.name}
        </MenuItem>,
      );
    }
  }
  return items;
}

function YesNoSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: YesNoFilter;
  onChange: (value: YesNoFilter) => void;
}) {
  return (
    <TextField select id={id} label={label} value={value} onChange={(event) => onChange(event.target.value as YesNoFilter)}>
      {(Object.keys(YES_NO_FILTER_LABELS) as YesNoFilter[]).map((key) => (
        <MenuItem key={key} value={key}>
          {YES_NO_FILTER_LABELS[key]}
        </MenuItem>
      ))}
    </TextField>
  );
}
