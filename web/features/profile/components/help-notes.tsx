import { Info } from 'lucide-react';
import type { ReactNode } from 'react';

export function HelpNote({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-slate-800">
      <h3 className="mb-2 flex items-center gap-2 font-semibold text-blue-900">
        <Info aria-hidden="true" className="size-4" />
        {title}
      </h3>
      <div className="space-y-2">{children}</div>
    </aside>
  );
}

export function PrivacyNote({ providerWord }: { providerWord: string }) {
  return (
    <p>
      Your {providerWord} stays on your school's server. Nothing is sent anywhere else unless your
      school has configured an outside service. You can delete it at any time.
    </p>
  );
}
