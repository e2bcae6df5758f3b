import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SuggestionFormInput } from '@encuestas/core/survey-kinds/buzon/form';
import {
  contactFieldValue,
  storedContact,
  SUGGESTION_BOX_CLOSED_MESSAGE,
  SUGGESTION_COMMENT_MAX_LENGTH,
  suggestionFormErrors,
  type SuggestionFormValues,
} from '@encuestas/core/survey-kinds/buzon/rules';
import { ApiError, errorMessage } from '../../../api/api-error';
import { BASE_PATH } from '../../../app/app-config';
import { SubmitButton } from '../../../components/forms/submit-button';
import { LightNativeSelect } from '../../../components/forms/light-native-select';
import { LightTextField } from '../../../components/forms/light-text-field';
import { LightCheckbox } from '../../../components/forms/light-checkbox';
import { OptionCardGroup } from '../../../components/option-card-group';
import { RespondentPageLayout } from '../../../components/respondent-page-layout';
import { usePageTitle } from '../../../hooks/use-page-title';
import { clearDraft, loadDraft, newIdempotencyKey, saveDraftNow } from '../../../survey-runner/draft-storage';
import {
  SUGGESTION_DRAFT_FORM,
  suggestionDraftAnswers,
  suggestionDraftClosesOn,
  suggestionDraftFields,
  suggestionDraftKey,
} from '../suggestion-draft';
import { useRespondent } from '../../../hooks/use-respondent';
import { EVALUATED_LIST_PATH, PRIVACY_NOTICE_PATH } from '../../surveys';
import {
  sendSuggestion,
} from '../api/suggestion-box-api';
import { commentCategoriesQuery, suggestionBoxAvailableQuery, suggestionCategoriesQuery } from '../../surveys';
import { LightButton, LightLinkButton } from '../../../components/light-button';
import { LightLink } from '../../../components/light-link';
import { Alert, Box, Paper, Skeleton, Stack, Text } from '../../../components/light-ui';
import { CheckCircleIcon } from '../../../components/light-icons';

const TITLE = 'Buzón de sugerencias';
const BACK = { to: EVALUATED_LIST_PATH, label: 'Mis encuestas' };

const EMPTY_FORM: SuggestionFormValues = {
  comment: '',
  commentCategoryId: undefined,
  suggestionCategoryId: undefined,
  contact: { checked: false, phone: '', email: '' },
  legaChecked: false,
};

/** Field names of the form as the server's 422 names them, in the order the page shows them. */
const SERVER_FIELDS = ['commentCategoryId', 'suggestionCategoryId', 'comment', 'contact.checked', 'contact.phone', 'contact.email', 'legaChecked'] as const;
type FormField = (typeof SERVER_FIELDS)[number];

/** What is sent: the form once suggestionFormErrors finds nothing (trimmed, no contact data without consent). */
function toSend(values: SuggestionFormValues): SuggestionFormInput {
  return {
    comment: values.comment.trim(),
    commentCategoryId: values.commentCategoryId!,
    suggestionCategoryId: values.suggestionCategoryId!,
    contact: storedContact({
      checked: values.contact.checked,
      phone: contactFieldValue(values.contact.phone),
      email: contactFieldValue(values.contact.email),
    }),
    legaChecked: true,
  };
}

/** /buzon: a suggestion or complaint to the respondent's campus, anonymous unless they ask to be contacted. */
export function SuggestionBoxPage() {
  usePageTitle(TITLE);
  const { data: respondent } = useRespondent();
  const formal = respondent?.type === 'teacher' || respondent?.type === 'staff';
  const available = useQuery(suggestionBoxAvailableQuery);
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
            <Text variant="h1" sx={{ fontSize: '1.6rem' }}>
              {TITLE}
            </Text>
            <Text color="textSecondary" sx={{ mt: 0.5 }}>
              {formal
                ? 'Su comentario es anónimo: solo sabremos quién es si acepta que le contactemos.'
                : 'Tu comentario es anónimo: solo sabremos quién eres si aceptas que te contactemos.'}
            </Text>
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
        <CheckCircleIcon aria-hidden sx={{ fontSize: 72, color: 'success.main' }} />
      </Box>
      <Text ref={heading} variant="h1" tabIndex={-1} sx={{ fontSize: '1.6rem', outline: 'none' }}>
        ¡Gracias! Recibimos {formal ? 'su' : 'tu'} comentario.
      </Text>
      <Text>
        {formal
          ? 'La coordinación de su campus lo revisará. Si aceptó que le contactemos, le buscaremos por el medio que indicó.'
          : 'La coordinación de tu campus lo revisará. Si aceptaste que te contactemos, te buscaremos por el medio que indicaste.'}
      </Text>
      <LightLinkButton to={EVALUATED_LIST_PATH} variant="contained" size="large" className="tall">
        Volver a mis encuestas
      </LightLinkButton>
      <LightButton onClick={onAnother}>
        Enviar otro comentario
      </LightButton>
    </Stack>
  );
}

function ClosedBox({ message = SUGGESTION_BOX_CLOSED_MESSAGE }: { message?: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="info">{message}</Alert>
      <LightLinkButton to={EVALUATED_LIST_PATH} variant="contained" size="large">
        Volver a mis encuestas
      </LightLinkButton>
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

// Over 80 lines because split into hooks and field components it grew /buzon's chunk by 0.2 kB gz, past its 140 kB budget (branch h19-screens-a-buzon-split).
function SuggestionForm({ formal, draftKey, onSent }: { formal: boolean; draftKey: string | null; onSent: () => void }) {
  const ids = { kind: useId(), topic: useId(), comment: useId(), contact: useId(), phone: useId(), email: useId(), legal: useId() };
  const [initial] = useState(() => restoredDraft(draftKey));
  const [showRestored, setShowRestored] = useState(initial.restored);
  const commentCategories = useQuery(commentCategoriesQuery);
  const suggestionCategories = useQuery(suggestionCategoriesQuery);
  const [values, setValues] = useState(initial.values);
  // As the other forms: messages appear at the first 'Enviar', then follow what is typed.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FormField, string>>>({});
  const errors: Partial<Record<FormField, string>> = { ...(submitted ? suggestionFormErrors(values) : {}), ...serverErrors };

  const change = (field: FormField, next: SuggestionFormValues) => {
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    setValues(next);
  };

  // Every change is kept on this device until the box has the comment (as survey answers are).
  useEffect(() => {
    if (!draftKey) return;
    const answers = suggestionDraftAnswers({ ...values, contactChecked: values.contact.checked });
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
  }, [values, draftKey, initial.idempotencyKey]);
  const contactChecked = values.contact.checked;
  const comment = values.comment;

  const send = useMutation({
    mutationFn: sendSuggestion,
    onSuccess: () => {
      if (draftKey) clearDraft(draftKey);
      onSent();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 422 || !error.fields) return;
      const fields = error.fields;
      setServerErrors(Object.fromEntries(SERVER_FIELDS.filter((field) => fields[field]?.length).map((field) => [field, fields[field]!.join(', ')])));
    },
  });

  if (commentCategories.isLoading || suggestionCategories.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (commentCategories.isError || suggestionCategories.isError) {
    return <Alert severity="error">{errorMessage(commentCategories.error ?? suggestionCategories.error)}</Alert>;
  }
  if (send.error instanceof ApiError && send.error.status === 403) return <ClosedBox message={send.error.message} />;

  const topics = suggestionCategories.data ?? { general: [], person: [] };
  const you = formal ? 'su' : 'tu';
  const phoneError = errors['contact.phone'];
  const emailError = errors['contact.email'];
  const contactError = phoneError ?? emailError;
  // The control 'Enviar' puts the cursor in when its field is wrong.
  const controlIds: Partial<Record<FormField, string>> = {
    suggestionCategoryId: ids.topic,
    comment: ids.comment,
    'contact.checked': ids.contact,
    'contact.phone': ids.phone,
    'contact.email': ids.email,
    legaChecked: ids.legal,
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = suggestionFormErrors(values);
    const first = SERVER_FIELDS.find((field) => found[field]);
    if (!first) return send.mutate(toSend(values));
    // The kind cards have no id of their own: the cursor goes to the first card.
    const control = controlIds[first];
    (control ? document.getElementById(control) : document.querySelector<HTMLElement>(`[aria-labelledby="${ids.kind}"] input`))?.focus();
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      {send.isError && !(send.error instanceof ApiError && send.error.status === 422) ? (
        <Alert severity="error" role="alert">
          {errorMessage(send.error)}
        </Alert>
      ) : null}

      {showRestored ? (
        <Alert severity="info" onClose={() => setShowRestored(false)} closeTitle="Cerrar aviso">
          {formal ? 'Recuperamos el comentario que dejó sin enviar.' : 'Recuperamos el comentario que dejaste sin enviar.'}
        </Alert>
      ) : null}

      <Paper sx={{ p: 2, borderRadius: 2 }}>
        <Text id={ids.kind} sx={{ fontWeight: 600, mb: 1.5 }}>
          ¿Qué {formal ? 'desea' : 'quieres'} enviarnos?
        </Text>
        <OptionCardGroup
          options={(commentCategories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.commentCategoryId === undefined ? undefined : String(values.commentCategoryId)}
          onChange={(value) => change('commentCategoryId', { ...values, commentCategoryId: Number(value) })}
          labelledBy={ids.kind}
          describedBy={errors.commentCategoryId ? `${ids.kind}-error` : undefined}
          invalid={Boolean(errors.commentCategoryId)}
          required
          columns={{ xs: 2 }}
        />
        {errors.commentCategoryId ? (
          <Text component="p" variant="caption" color="error" id={`${ids.kind}-error`} sx={{ mt: '3px', fontWeight: 600 }}>
            {errors.commentCategoryId}
          </Text>
        ) : null}
      </Paper>

      {/* The phone's own picker: big, familiar, and with the two groups of topics. */}
      <LightNativeSelect
        id={ids.topic}
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

      <LightTextField
        value={values.comment}
        onChange={(event) => change('comment', { ...values, comment: event.target.value })}
        id={ids.comment}
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
              {comment.length}/{SUGGESTION_COMMENT_MAX_LENGTH}
            </span>
          </Box>
        }
        htmlInput={{ maxLength: SUGGESTION_COMMENT_MAX_LENGTH }}
      />

      <Paper sx={{ p: 2, borderRadius: 2 }}>
        <LightCheckbox
          label="Acepto que me contacten"
          checked={values.contact.checked}
          onChange={(checked) => change('contact.checked', { ...values, contact: { ...values.contact, checked } })}
          id={ids.contact}
        />
        <Text variant="body2" color="textSecondary">
          Solo si {formal ? 'desea' : 'quieres'} que demos seguimiento a {you} comentario. Sin esto, no guardamos ningún dato de contacto.
        </Text>
        {/* Shown without an animation: Collapse would cost the page 1.6 kB gz (bundle-budgets.json). */}
        {contactChecked ? (
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

      <Box>
        <LightCheckbox
          label={
            <>
              He leído y acepto el{' '}
              <LightLink href={`${BASE_PATH}${PRIVACY_NOTICE_PATH}`} target="_blank" touch>
                Aviso de privacidad
              </LightLink>
            </>
          }
          checked={values.legaChecked}
          onChange={(checked) => change('legaChecked', { ...values, legaChecked: checked })}
          id={ids.legal}
          describedBy={errors.legaChecked ? 'legal-error' : undefined}
        />
        {errors.legaChecked ? (
          <Text component="p" variant="caption" color="error" id="legal-error" sx={{ mt: '3px', fontWeight: 600 }}>
            {errors.legaChecked}
          </Text>
        ) : null}
      </Box>

      <SubmitButton pending={send.isPending} className="tall">
        Enviar
      </SubmitButton>
    </Stack>
  );
}
