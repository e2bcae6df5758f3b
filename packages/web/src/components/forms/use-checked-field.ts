import { useRef, useState, type ChangeEvent } from 'react';

/**
 * One text field checked by a core rule (a function, not a schema: the
 * sign-in pages load no schema library). As the other forms do it: the
 * message shows after the first submit, then follows what is typed; a
 * server message for the field shows until the next change.
 */
export function useCheckedField(initial: string, check: (value: string) => string | null, message: string) {
  const [value, setValue] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const error = serverError ?? (submitted && check(value) === null ? message : null);

  return {
    value,
    error,
    inputRef,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setServerError(null);
      setValue(event.target.value);
    },
    /** Empties the field and puts the cursor in it. */
    reset: () => {
      setValue('');
      setServerError(null);
      setSubmitted(false);
      inputRef.current?.focus();
    },
    /** The server refused the value: its message, and the cursor back in the field. */
    setServerError: (text: string) => {
      setServerError(text);
      inputRef.current?.focus();
    },
    /** On submit: the checked value, or null (message shown, field focused). */
    submit: (): string | null => {
      setSubmitted(true);
      const checked = check(value);
      if (checked === null) inputRef.current?.focus();
      return checked;
    },
  };
}
