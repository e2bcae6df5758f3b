import { useEffect, useId, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { SUGGESTION_BOX_CLOSED_MESSAGE } from '@encuestas/core/api/suggestions';
import {
  SUGGESTION_COMMENT_MAX_LENGTH,
  suggestionFormSchema,
  type SuggestionFormInput,
} from '@encuestas/core/survey-kinds/buzon/form';
import { ApiError, errorMessage } from '../../../api/api-error';
import { BASE_PATH } from '../../../app/app-config';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useZodForm } from '../../../components/forms/use-zod-form';
import { OptionCardGroup } from '../../../components/option-card-group';
import { RespondentPageLayout } from '../../../components/respondent-page-layout';
import { LinkButton } from '../../../components/router-link';
import { touchLinkSx } from '../../../components/touch-link';
import { usePageTitle } from '../../../hooks/use-page-title';
import { clearDraft, loadDraft, newIdempotencyKey, saveDraftNow } from '../../../survey-runner/draft-storage';
import {
  SUGGESTION_DRAFT_FORM,
  suggestionDraftAnswers,
  suggestionDraftClosesOn,
  suggestionDraftFields,
  suggestionDraftKey,
} from '../suggestion-draft';
import { useRespondent } from '../../student-auth/hooks/use-respondent';
import { EVALUATED_LIST_PATH, PRIVACY_NOTICE_PATH } from '../../surveys/survey-paths';
import {
  fetchCommentCategories,
  fetchSuggestionBoxAvailable,
  fetchSuggestionCategories,
  sendSuggestion,
} from '../api/suggestion-box-api';

const TITLE = 'Buzón de sugerencias';
const BACK = { to: EVALUATED_LIST_PATH, label: 'Mis encuestas' };

const EMPTY_FORM = {
  comment: '',
  commentCategoryId: undefined as unknown as number,
  suggestionCategoryId: undefined as unknown as number,
  contact: { checked: false, phone: '', email: '' },
  legaChecked: false as unknown as true,
} satisfies SuggestionFormInput;

/** Field names of the form as the server's 422 names them. */
const SERVER_FIELDS = ['comment', 'commentCategoryId', 'suggestionCategoryId', 'contact.phone', 'contact.email', 'contact.checked', 'legaChecked'] as const;

/** /buzon: a suggestion or complaint to the respondent's campus, anonymous unless they ask to be contacted. */
export function SuggestionBoxPage() {
  usePageTitle(TITLE);
  const { data: respondent } = useRespondent();
  const formal = respondent?.type === 'teacher' || respondent?.type === 'staff';
  const available = useQuery({
    queryKey: ['respondent', 'suggestion-box-available'],
    queryFn: ({ signal }) => fetchSuggestionBoxAvailable(signal),
    staleTime: 60_000,
  });
  const [sent, setSent] = useState(false);
  const [formKey, setFormKey] = useState(0);

  let content;
  if (available.isLoading) {
    content = <Skeleton variant="rounded" height={320} />;
  } else if (available.isError) {
    content = <Alert severity="error">{errorMessage(available.error)}</Alert>;
  } else if (!available.data) {
    content = <ClosedBox />;
  } else if (sent) {
    content = (
      <ThankYou
        formal={formal}
        onAnother={() => {
          setFormKey((k) => k + 1);
          setSent(false);
        }}
      />
    );
  } else {
    content = (
      <SuggestionForm
        key={formKey}
        formal={formal}
        draftKey={respondent ? suggestionDraftKey({ type: respondent.type, id: respondent.id }) : null}
        onSent={() => setSent(true)}
      />
    );
  }

  return (
    <RespondentPageLayout back={BACK}>
      <Stack spacing={2.5}>
        {sent ? null : (
          <Box>
            <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
              {TITLE}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {formal
                ? 'Su comentario es anónimo: solo sabremos quién es si acepta que le contactemos.'
                : 'Tu comentario es anónimo: solo sabremos quién eres si aceptas que te contactemos.'}
            </Typography>
          </Box>
        )}
        {content}
      </Stack>
    </RespondentPageLayout>
  );
}

function ThankYou({ formal, onAnother }: { formal: boolean; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);
  return (
    <Stack spacing={2.5} sx={{ textAlign: 'center', pt: 2 }}>
      <Box>
        <CheckCircle aria-hidden sx={{ fontSize: 72, color: 'success.main' }} />
      </Box>
      <Typography ref={heading} variant="h1" tabIndex={-1} sx={{ fontSize: '1.6rem', outline: 'none' }}>
        ¡Gracias! Recibimos {formal ? 'su' : 'tu'} comentario.
      </Typography>
      <Typography>
        {formal
          ? 'La coordinación de su campus lo revisará. Si aceptó que le contactemos, le buscaremos por el medio que indicó.'
          : 'La coordinación de tu campus lo revisará. Si aceptaste que te contactemos, te buscaremos por el medio que indicaste.'}
      </Typography>
      <LinkButton to={EVALUATED_LIST_PATH} variant="contained" size="large" sx={{ minHeight: 52 }}>
        Volver a mis encuestas
      </LinkButton>
      <Button onClick={onAnother} sx={{ minHeight: 44 }}>
        Enviar otro comentario
      </Button>
    </Stack>
  );
}

function ClosedBox({ message = SUGGESTION_BOX_CLOSED_MESSAGE }: { message?: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="info">{message}</Alert>
      <LinkButton to={EVALUATED_LIST_PATH} variant="contained" size="large" sx={{ minHeight: 48 }}>
        Volver a mis encuestas
      </LinkButton>
    </Stack>
  );
}

/** The draft kept on this device, as the form's starting values. */
function restoredDraft(key: string | null) {
  const draft = key ? loadDraft(key, SUGGESTION_DRAFT_FORM) : null;
  // The draft format carries an idempotency key (surveys send it); the box keeps one only to fit that format.
  if (!draft) return { values: EMPTY_FORM, restored: false, idempotencyKey: newIdempotencyKey() };
  const { contactChecked, ...fields } = suggestionDraftFields(draft.answers);
  return {
    values: { ...EMPTY_FORM, ...fields, contact: { ...EMPTY_FORM.contact, checked: contactChecked ?? false } },
    restored: Object.keys(draft.answers).length > 0,
    idempotencyKey: draft.idempotencyKey,
  };
}

function SuggestionForm({ formal, draftKey, onSent }: { formal: boolean; draftKey: string | null; onSent: () => void }) {
  const ids = { kind: useId(), topic: useId(), comment: useId() };
  const [initial] = useState(() => restoredDraft(draftKey));
  const [showRestored, setShowRestored] = useState(initial.restored);
  const commentCategories = useQuery({ queryKey: ['comment-categories'], queryFn: ({ signal }) => fetchCommentCategories(signal), staleTime: Infinity });
  const suggestionCategories = useQuery({
    queryKey: ['suggestion-categories'],
    queryFn: ({ signal }) => fetchSuggestionCategories(signal),
    staleTime: Infinity,
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
    watch,
  } = useZodForm(suggestionFormSchema, initial.values);

  // Every change is kept on this device until the box has the comment (as survey answers are).
  useEffect(() => {
    if (!draftKey) return;
    const subscription = watch((values) => {
      const answers = suggestionDraftAnswers({ ...values, contactChecked: values.contact?.checked === true });
      if (Object.keys(answers).length === 0) clearDraft(draftKey);
      else
        saveDraftNow(draftKey, {
          questionnaireId: SUGGESTION_DRAFT_FORM.id,
          questionnaireVersion: SUGGESTION_DRAFT_FORM.version,
          answers,
          sectionId: null,
          idempotencyKey: initial.idempotencyKey,
          closesOn: suggestionDraftClosesOn(),
        });
    });
    return () => subscription.unsubscribe();
  }, [watch, draftKey, initial.idempotencyKey]);
  const contactChecked = useWatch({ control, name: 'contact.checked' });
  const comment = useWatch({ control, name: 'comment' }) ?? '';

  const send = useMutation({
    mutationFn: sendSuggestion,
    onSuccess: () => {
      if (draftKey) clearDraft(draftKey);
      onSent();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 422 || !error.fields) return;
      for (const field of SERVER_FIELDS) {
        const messages = error.fields[field];
        if (messages?.length) setError(field, { message: messages.join(', ') });
      }
    },
  });

  if (commentCategories.isLoading || suggestionCategories.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (commentCategories.isError || suggestionCategories.isError) {
    return <Alert severity="error">{errorMessage(commentCategories.error ?? suggestionCategories.error)}</Alert>;
  }
  if (send.error instanceof ApiError && send.error.status === 403) return <ClosedBox message={send.error.message} />;

  const topics = suggestionCategories.data ?? { general: [], person: [] };
  const you = formal ? 'su' : 'tu';
  const { ref: commentRef, ...commentField } = register('comment');
  const { ref: phoneRef, ...phoneField } = register('contact.phone');
  const { ref: emailRef, ...emailField } = register('contact.email');
  const contactError = errors.contact?.phone?.message ?? errors.contact?.email?.message;

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit((values) => send.mutate(values))}>
      {send.isError && !(send.error instanceof ApiError && send.error.status === 422) ? (
        <Alert severity="error" role="alert">
          {errorMessage(send.error)}
        </Alert>
      ) : null}

      {showRestored ? (
        <Alert severity="info" onClose={() => setShowRestored(false)} slotProps={{ closeButton: { title: 'Cerrar aviso', sx: { minWidth: 44, minHeight: 44 } } }}>
          {formal ? 'Recuperamos el comentario que dejó sin enviar.' : 'Recuperamos el comentario que dejaste sin enviar.'}
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
        <Typography id={ids.kind} sx={{ fontWeight: 600, mb: 1.5 }}>
          ¿Qué {formal ? 'desea' : 'quieres'} enviarnos?
        </Typography>
        <Controller
          control={control}
          name="commentCategoryId"
          render={({ field }) => (
            <OptionCardGroup
              options={(commentCategories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={field.value === undefined ? undefined : String(field.value)}
              onChange={(value) => field.onChange(Number(value))}
              labelledBy={ids.kind}
              describedBy={errors.commentCategoryId ? `${ids.kind}-error` : undefined}
              invalid={Boolean(errors.commentCategoryId)}
              required
              columns={{ xs: 2 }}
            />
          )}
        />
        {errors.commentCategoryId ? (
          <FormHelperText id={`${ids.kind}-error`} error sx={{ mx: 0, fontWeight: 600 }}>
            {errors.commentCategoryId.message}
          </FormHelperText>
        ) : null}
      </Paper>

      <Controller
        control={control}
        name="suggestionCategoryId"
        render={({ field }) => (
          <TextField
            select
            id={ids.topic}
            label="Tema"
            value={field.value === undefined ? '' : String(field.value)}
            onChange={(event) => field.onChange(event.target.value === '' ? undefined : Number(event.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(errors.suggestionCategoryId)}
            helperText={errors.suggestionCategoryId?.message ?? `El tema más cercano a ${you} comentario.`}
            // The phone's own picker: big, familiar, and with the two groups of topics.
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
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
          </TextField>
        )}
      />

      <TextField
        {...commentField}
        inputRef={commentRef}
        id={ids.comment}
        label={formal ? 'Su comentario' : 'Tu comentario'}
        multiline
        minRows={5}
        maxRows={14}
        error={Boolean(errors.comment)}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <span>{errors.comment?.message ?? 'Lo que pasó o lo que se propone, con el mayor detalle posible.'}</span>
            <span aria-live="polite">
              {comment.length}/{SUGGESTION_COMMENT_MAX_LENGTH}
            </span>
          </Box>
        }
        slotProps={{ htmlInput: { maxLength: SUGGESTION_COMMENT_MAX_LENGTH }, formHelperText: { component: 'div' } as object }}
      />

      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
        <Controller
          control={control}
          name="contact.checked"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { ref: field.ref } as object }}
                />
              }
              label="Acepto que me contacten"
              sx={{ minHeight: 44 }}
            />
          )}
        />
        <Typography variant="body2" color="text.secondary">
          Solo si {formal ? 'desea' : 'quieres'} que demos seguimiento a {you} comentario. Sin esto, no guardamos ningún dato de contacto.
        </Typography>
        {/* Shown without an animation: Collapse would cost the page 1.6 kB gz (bundle-budgets.json). */}
        {contactChecked ? (
          <Stack spacing={2} sx={{ pt: 2 }}>
            {contactError && errors.contact?.phone?.message === errors.contact?.email?.message ? (
              <Alert severity="error" role="alert">
                {contactError}
              </Alert>
            ) : null}
            <TextField
              {...phoneField}
              inputRef={phoneRef}
              label="Teléfono (10 dígitos)"
              type="tel"
              autoComplete="tel-national"
              error={Boolean(errors.contact?.phone)}
              helperText={errors.contact?.phone && errors.contact?.phone?.message !== errors.contact?.email?.message ? errors.contact.phone.message : undefined}
              slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
            />
            <TextField
              {...emailField}
              inputRef={emailRef}
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              error={Boolean(errors.contact?.email)}
              helperText={
                errors.contact?.email && errors.contact?.phone?.message !== errors.contact?.email?.message
                  ? errors.contact.email.message
                  : 'Basta con uno de los dos.'
              }
              slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
            />
          </Stack>
        ) : null}
      </Paper>

      <Box>
        <Controller
          control={control}
          name="legaChecked"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{
                    input: { ref: field.ref, 'aria-describedby': errors.legaChecked ? 'legal-error' : undefined } as object,
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
          )}
        />
        {errors.legaChecked ? (
          <FormHelperText id="legal-error" error sx={{ mx: 0, fontWeight: 600 }}>
            {errors.legaChecked.message}
          </FormHelperText>
        ) : null}
      </Box>

      <SubmitButton pending={send.isPending} sx={{ minHeight: 52 }}>
        Enviar
      </SubmitButton>
    </Stack>
  );
}
