import { Input } from '@web/components/ui/input';
import { type ChangeEvent, forwardRef, type InputHTMLAttributes } from 'react';

/**
 * The first two letters of a surname, upper-cased as they are typed (forced to
 * upper case, at most 2 characters), so the pupil sees what the server will store.
 */
export const SurnameInitialsInput = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement>
>(function SurnameInitialsInput({ onChange, ...props }, ref) {
  const upperCase = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const upper = input.value.toUpperCase();
    if (upper !== input.value) input.value = upper;
    onChange?.(event);
  };
  return (
    <Input
      ref={ref}
      maxLength={2}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      className="font-medium tracking-widest"
      {...props}
      onChange={upperCase}
    />
  );
});
