import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/*
 * A react-hook-form resolver that checks a form with the server's own zod schema, loading
 * zod and the schema's module on first use instead of with the page (decision 0031: they
 * are 37 KiB gzipped and building the schemas was the teacher pages' longest task). Forms
 * call preload() when they open, so the check is ready before the first submit.
 */

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
      (error: unknown) => {
        // Offline for a moment: the next submit tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      load().catch(() => {});
    },
  });
}
