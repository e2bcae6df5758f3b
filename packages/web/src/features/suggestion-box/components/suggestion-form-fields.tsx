import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SUGGESTION_COMMENT_MAX_LENGTH, type SuggestionFormValues } from '@encuestas/core/survey-kinds/buzon/rules';
import { BASE_PATH } from '../../../app/app-config';
import { LightNativeSelect } from '../../../components/forms/light-native-select';
import { LightTextField } from '../../../components/forms/light-text-field';
import { OptionCardGroup } from '../../../components/option-card-group';
import { touchLinkSx } from '../../../components/touch-link';
import { PRIVACY_NOTICE_PATH } from '../../surveys';
import type { CommentCategory, SuggestionCategoryGroups } from '@encuestas/core/api/suggestions';
import type { FormErrors, FormField } from './use-suggestion-form';

/** What each field of the form gets: the values, the messages, and the change (which clears that field's server message). */
export interface FieldProps {
  id: string;
  values: SuggestionFormValues;
  errors: FormErrors;
  change: (field: FormField, next: SuggestionFormValues) => void;
}

/** Sugerencia or Queja, as cards. */
export function KindCards({ id, values, errors, change, formal, categories }: FieldProps & { formal: boolean; categories: CommentCategory[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <Typography id={id} sx={{ fontWeight: 600, mb: 1.5 }}>
        ¿Qué {formal ? 'desea' : 'quieres'} enviarnos?
      </Typography>
      <OptionCardGroup
        options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        value={values.commentCategoryId === undefined ? undefined : String(values.commentCategoryId)}
        onChange={(value) => change('commentCategoryId', { ...values, commentCategoryId: Number(value) })}
        labelledBy={id}
        describedBy={errors.commentCategoryId ? `${id}-error` : undefined}
        invalid={Boolean(errors.commentCategoryId)}
        required
        columns={{ xs: 2 }}
      />
      {errors.commentCategoryId ? (
        <FormHelperText id={`${id}-error`} error sx={{ mx: 0, fontWeight: 600 }}>
          {errors.commentCategoryId}
        </FormHelperText>
      ) : null}
    </Paper>
  );
}

/** The phone's own picker: big, familiar, and with the two groups of topics. */
export function TopicSelect({ id, values, errors, change, you, topics }: FieldProps & { you: string; topics: SuggestionCategoryGroups }) {
  return (
    <LightNativeSelect
      id={id}
      label="Tema"
      value={values.suggestionCategoryId === undefined ? '' : String(values.suggestionCategoryId)}
      onChange={(event) =>
        change('suggestionCategoryId', {
          ...values,
          suggestionCategoryId: event.target.value === '' ? undefined : Number(event.target.value),
        })
      }
      error={Boolean(errors.suggestionCategoryId)}
      helperText={errors.suggestionCategoryId ?? `El tema más cercano a ${you} comentario.`}
    >
      <option value="">Sin elegir</option>
      <optgroup label="Temas generales">
        {topics.general.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </optgroup>
      <optgroup label="Sobre una persona">
        {topics.person.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name === 'Otro' ? 'Otra persona' : c.name}
          </option>
        ))}
      </optgroup>
    </LightNativeSelect>
  );
}

export function CommentField({ id, values, errors, change, formal }: FieldProps & { formal: boolean }) {
  return (
    <LightTextField
      value={values.comment}
      onChange={(event) => change('comment', { ...values, comment: event.target.value })}
      id={id}
      label={formal ? 'Su comentario' : 'Tu comentario'}
      multiline
      minRows={5}
      maxRows={14}
      error={Boolean(errors.comment)}
      helperTextComponent="div"
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <span>{errors.comment ?? 'Lo que pasó o lo que se propone, con el mayor detalle posible.'}</span>
          <span aria-live="polite">
            {values.comment.length}/{SUGGESTION_COMMENT_MAX_LENGTH}
          </span>
        </Box>
      }
      htmlInput={{ maxLength: SUGGESTION_COMMENT_MAX_LENGTH }}
    />
  );
}

/** 'Acepto que me contacten', and then the phone and the e-mail. */
export function ContactFields({
  values,
  errors,
  change,
  ids,
  formal,
  you,
}: Omit<FieldProps, 'id'> & { ids: { contact: string; phone: string; email: string }; formal: boolean; you: string }) {
  const phoneError = errors['contact.phone'];
  const emailError = errors['contact.email'];
  const contactError = phoneError ?? emailError;
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={values.contact.checked}
            onChange={(e) => change('contact.checked', { ...values, contact: { ...values.contact, checked: e.target.checked } })}
            slotProps={{ input: { id: ids.contact } }}
          />
        }
        label="Acepto que me contacten"
        sx={{ minHeight: 44 }}
      />
      <Typography variant="body2" color="text.secondary">
        Solo si {formal ? 'desea' : 'quieres'} que demos seguimiento a {you} comentario. Sin esto, no guardamos ningún dato de contacto.
      </Typography>
      {/* Shown without an animation: Collapse would cost the page 1.6 kB gz (bundle-budgets.json). */}
      {values.contact.checked ? (
        <Stack spacing={2} sx={{ pt: 2 }}>
          {contactError && phoneError === emailError ? (
            <Alert severity="error" role="alert">
              {contactError}
            </Alert>
          ) : null}
          <LightTextField
            value={values.contact.phone}
            onChange={(event) => change('contact.phone', { ...values, contact: { ...values.contact, phone: event.target.value } })}
            id={ids.phone}
            label="Teléfono (10 dígitos)"
            type="tel"
            autoComplete="tel-national"
            error={Boolean(phoneError)}
            helperText={phoneError && phoneError !== emailError ? phoneError : undefined}
            htmlInput={{ inputMode: 'tel', maxLength: 20 }}
          />
          <LightTextField
            value={values.contact.email}
            onChange={(event) => change('contact.email', { ...values, contact: { ...values.contact, email: event.target.value } })}
            id={ids.email}
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            error={Boolean(emailError)}
            helperText={emailError && phoneError !== emailError ? emailError : 'Basta con uno de los dos.'}
            htmlInput={{ inputMode: 'email', autoCapitalize: 'none', spellCheck: false }}
          />
        </Stack>
      ) : null}
    </Paper>
  );
}

/** 'He leído y acepto el Aviso de privacidad'. */
export function PrivacyConsent({ id, values, errors, change }: FieldProps) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={values.legaChecked}
            onChange={(e) => change('legaChecked', { ...values, legaChecked: e.target.checked })}
            slotProps={{
              input: { id, 'aria-describedby': errors.legaChecked ? 'legal-error' : undefined },
            }}
          />
        }
        label={
          <>
            He leído y acepto el{' '}
            <Link href={`${BASE_PATH}${PRIVACY_NOTICE_PATH}`} target="_blank" rel="noopener" sx={touchLinkSx}>
              Aviso de privacidad
            </Link>
          </>
        }
        sx={{ minHeight: 44, alignItems: 'center' }}
      />
      {errors.legaChecked ? (
        <FormHelperText id="legal-error" error sx={{ mx: 0, fontWeight: 600 }}>
          {errors.legaChecked}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
