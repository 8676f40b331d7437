import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';

/*
 * A form hook for the pupil's, the parent's and the sign-in pages, which must stay small
 * (decision 0029: ≤ 100 KiB of JavaScript a page): react-hook-form alone is 14 KiB there. It
 * behaves as those forms did with react-hook-form's defaults: fields are uncontrolled,
 * checked on submit, then again as they change; a failed submit focuses the first field
 * in error, in the order the fields appear.
 */

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** The whole form's cleaned values, or a message for each field in error. */
export type FormCheck<V, P> = { values: P } | { errors: FieldErrors<V> };

interface PlainFormOptions<V, P> {
  defaultValues: V;
  validate: (values: V) => FormCheck<V, P>;
}

type Focusable = { focus: () => void } | null;

const errorsOf = <V, P>(check: FormCheck<V, P>): FieldErrors<V> =>
  'errors' in check ? check.errors : {};

export function usePlainForm<V extends object, P>({
  defaultValues,
  validate,
}: PlainFormOptions<V, P>) {
  const values = useRef<V>({ ...defaultValues });
  const elements = useRef(new Map<keyof V, Focusable>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [, rerender] = useState(0);

  /** After the first submit a field is checked again as it changes (its own message only). */
  const setValue = useCallback(
    <K extends keyof V>(name: K, value: V[K]) => {
      values.current = { ...values.current, [name]: value };
      rerender((n) => n + 1);
      if (!submitted.current) return;
      const message = errorsOf(validate(values.current))[name];
      setErrors((current) => ({ ...current, [name]: message }));
    },
    [validate],
  );

  const fieldRef = useCallback(
    (name: keyof V) => (element: Focusable) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    [],
  );

  /** The props of a text input or a select: its name, first value, ref and change handler. */
  const register = <K extends keyof V & string>(name: K) => ({
    name,
    defaultValue: values.current[name] as string | undefined,
    ref: fieldRef(name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValue(name, event.target.value as V[K]),
  });

  const setFocus = useCallback((name: keyof V) => elements.current.get(name)?.focus(), []);

  const setError = useCallback((name: keyof V, message: string) => {
    setErrors((current) => ({ ...current, [name]: message }));
  }, []);

  /**
   * Text typed into a prerendered page before React took over fired no change event: the
   * fields themselves hold the truth, so their current text is read on submit.
   */
  const readFields = () => {
    for (const [name, element] of elements.current) {
      if (
        (element instanceof HTMLInputElement && element.type !== 'file') ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      ) {
        values.current = { ...values.current, [name]: element.value };
      }
    }
  };

  const handleSubmit = (onValid: (values: P) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    readFields();
    const check = validate(values.current);
    if ('values' in check) {
      setErrors({});
      onValid(check.values);
      return;
    }
    setErrors(check.errors);
    // The first field in error as the page lays them out.
    const inError = [...elements.current.entries()]
      .filter(([name, element]) => check.errors[name] && element)
      .map(([, element]) => element as Focusable);
    inError.sort((a, b) =>
      a instanceof Node && b instanceof Node
        ? a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING
          ? -1
          : 1
        : 0,
    );
    inError[0]?.focus();
  };

  return {
    register,
    fieldRef,
    values: values.current,
    setValue,
    setFocus,
    setError,
    handleSubmit,
    errors,
  };
}

/** Gathers field checks into a FormCheck: the values if every field passed. */
export function checkFields<V, P>(
  checks: { [K in keyof P]: { value: P[K] } | { error: string } },
): { values: P } | { errors: FieldErrors<V> } {
  const errors: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [name, check] of Object.entries(checks) as [
    string,
    { value?: unknown; error?: string },
  ][]) {
    if ('error' in check) errors[name] = check.error as string;
    else values[name] = check.value;
  }
  return Object.keys(errors).length > 0
    ? { errors: errors as FieldErrors<V> }
    : { values: values as P };
}
