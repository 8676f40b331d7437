import { FromFirstOpening } from '@web/components/layout/from-first-opening';
import { type ComponentProps, lazy } from 'react';
import type { ConfirmDialog as LoadedConfirmDialog } from './confirm-dialog';

const ConfirmDialog = lazy(async () => ({
  default: (await import('./confirm-dialog')).ConfirmDialog,
}));

/**
 * A controlled ConfirmDialog whose code (Radix's dialog, its focus trap and scroll lock,
 * ≈ 15 KiB gzipped) is fetched when it first opens. For screens that must paint before
 * anyone could ask to delete something: the dashboard.
 */
export function DeferredConfirmDialog(
  props: ComponentProps<typeof LoadedConfirmDialog> & { open: boolean },
) {
  return (
    <FromFirstOpening open={props.open}>
      <ConfirmDialog {...props} />
    </FromFirstOpening>
  );
}
