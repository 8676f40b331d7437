import { useId } from 'react';

/** The consent checkbox both create forms require: no profile without it (decision 0012). */
export function ConsentBox(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  label: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-4 accent-blue-700"
          checked={props.checked}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {props.label}
        </label>
      </div>
      {props.error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
