import { LESSON_DAYS } from '@contract/lesson-constants';
import {
  inDayOrder,
  lessonPeriods,
  MAX_PERIODS,
  PERIOD_KIND_LABELS,
  PERIOD_KINDS,
  type PeriodKind,
  SCHOOL_DAY_PRESETS,
  type SchoolDay,
  type SchoolPeriod,
  schoolDayProblem,
} from '@contract/school-day';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useSavePreference } from '../hooks/use-save-preference';

/*
 * The bell schedule: the planner's time slots come from its lesson periods, and lesson
 * suggestions use only lesson periods that are not non-contact time (never break, lunch
 * or after home time). Edited as a draft and saved at once, checked by the same rule the
 * server applies (contract/school-day.ts).
 */

const PRESET_LABELS = { primary: 'Primary day', secondary: 'Secondary day' } as const;

export function SchoolDayCard({ schoolDay }: { schoolDay: SchoolDay }) {
  const { save, saving } = useSavePreference();
  const [draft, setDraft] = useState<SchoolDay>(schoolDay);
  const [problem, setProblem] = useState<string | null>(null);
  const baseId = useId();
  const lessons = lessonPeriods(draft);

  const change = (next: SchoolDay) => {
    setDraft(next);
    setProblem(null);
  };
  const setPeriod = (index: number, patch: Partial<SchoolPeriod>) => {
    const before = draft.periods[index]!;
    const renamed = patch.name !== undefined && patch.name !== before.name;
    change({
      ...draft,
      periods: draft.periods.map((p, i) => (i === index ? { ...p, ...patch } : p)),
      // Non-contact time follows its period's new name, and leaves with a lesson period.
      nonContact: draft.nonContact.flatMap((entry) =>
        entry.period !== before.name
          ? [entry]
          : patch.kind && patch.kind !== 'lesson'
            ? []
            : [{ ...entry, period: renamed ? patch.name! : entry.period }],
      ),
    });
  };
  const removePeriod = (index: number) => {
    const gone = draft.periods[index]!;
    change({
      ...draft,
      periods: draft.periods.filter((_, i) => i !== index),
      nonContact: draft.nonContact.filter((entry) => entry.period !== gone.name),
    });
  };
  const addPeriod = () => {
    const last = inDayOrder(draft).periods.at(-1);
    const start = last?.end ?? '09:00';
    const [h, m] = start.split(':').map(Number);
    const end = `${String(Math.min(23, (h ?? 9) + 1)).padStart(2, '0')}:${String(m ?? 0).padStart(2, '0')}`;
    change({
      ...draft,
      periods: [
        ...draft.periods,
        { name: `Period ${draft.periods.length + 1}`, start, end, kind: 'lesson' },
      ],
    });
  };
  const toggleNonContact = (day: (typeof LESSON_DAYS)[number], period: string) => {
    const on = draft.nonContact.some((e) => e.day === day && e.period === period);
    change({
      ...draft,
      nonContact: on
        ? draft.nonContact.filter((e) => !(e.day === day && e.period === period))
        : [...draft.nonContact, { day, period }],
    });
  };
  const onSave = () => {
    const ordered = inDayOrder({
      ...draft,
      periods: draft.periods.map((p) => ({ ...p, name: p.name.trim() })),
    });
    const found = schoolDayProblem(ordered);
    setProblem(found);
    if (found) return;
    setDraft(ordered);
    save({ schoolDay: ordered }, 'Your school day is saved: the planner uses its periods.');
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>School Day</CardTitle>
        <CardDescription>
          Your bell schedule. The lesson planner offers its lesson periods as time slots, and
          suggestions use only lesson periods you teach: never break, lunch, after home time or your
          non-contact periods.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-700">Start from:</span>
          {(Object.keys(SCHOOL_DAY_PRESETS) as (keyof typeof SCHOOL_DAY_PRESETS)[]).map((key) => (
            <Button
              key={key}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => change(SCHOOL_DAY_PRESETS[key])}
            >
              {PRESET_LABELS[key]}
            </Button>
          ))}
        </div>

        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">Periods</legend>
          <ol className="space-y-2">
            {draft.periods.map((period, index) => {
              const id = `${baseId}-${index}`;
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a name may change or repeat while typing
                  key={index}
                  className="grid grid-cols-[1fr_1fr_2.5rem] items-end gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[1fr_1fr_8.5rem_8.5rem_auto] sm:border-0 sm:p-0"
                >
                  <div>
                    <label htmlFor={`${id}-name`} className="text-xs text-slate-700">
                      Name
                    </label>
                    <Input
                      id={`${id}-name`}
                      value={period.name}
                      maxLength={30}
                      onChange={(event) => setPeriod(index, { name: event.target.value })}
                    />
                  </div>
                  <div>
                    <label htmlFor={`${id}-kind`} className="text-xs text-slate-700">
                      Kind
                    </label>
                    <NativeSelect
                      id={`${id}-kind`}
                      value={period.kind}
                      onChange={(event) =>
                        setPeriod(index, { kind: event.target.value as PeriodKind })
                      }
                    >
                      {PERIOD_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {PERIOD_KIND_LABELS[kind]}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  <div className="col-start-1 sm:col-start-auto">
                    <label htmlFor={`${id}-start`} className="text-xs text-slate-700">
                      Starts
                    </label>
                    <Input
                      id={`${id}-start`}
                      type="time"
                      value={period.start}
                      onChange={(event) => setPeriod(index, { start: event.target.value })}
                    />
                  </div>
                  <div>
                    <label htmlFor={`${id}-end`} className="text-xs text-slate-700">
                      Ends
                    </label>
                    <Input
                      id={`${id}-end`}
                      type="time"
                      value={period.end}
                      onChange={(event) => setPeriod(index, { end: event.target.value })}
                    />
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="col-start-3 row-start-1 size-10 sm:col-start-auto sm:row-start-auto"
                    onClick={() => removePeriod(index)}
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="sr-only">Remove {period.name || 'this period'}</span>
                  </Button>
                </li>
              );
            })}
          </ol>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={addPeriod}
            disabled={draft.periods.length >= MAX_PERIODS}
          >
            <Plus aria-hidden="true" />
            Add period
          </Button>
        </fieldset>

        <div className="max-w-40">
          <label htmlFor={`${baseId}-home`} className="text-sm font-medium text-slate-900">
            Home time
          </label>
          <Input
            id={`${baseId}-home`}
            type="time"
            value={draft.homeTime}
            onChange={(event) => change({ ...draft, homeTime: event.target.value })}
          />
        </div>

        {lessons.length > 0 ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Non-contact periods</legend>
            <p className="mb-2 text-xs text-slate-600">
              Tick the lesson periods you have no class (PPA, free periods).
            </p>
            <div className="overflow-x-auto">
              <table className="text-sm">
                <thead>
                  <tr>
                    <th scope="col" className="pr-3 text-left font-medium text-slate-700">
                      <span className="sr-only">Period</span>
                    </th>
                    {LESSON_DAYS.map((day) => (
                      <th key={day} scope="col" className="px-1 font-medium text-slate-700">
                        <abbr title={day} className="no-underline">
                          {day.slice(0, 3)}
                        </abbr>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {lessons.map((period) => (
                    <tr key={period.name}>
                      <th scope="row" className="pr-3 text-left font-normal text-slate-800">
                        {period.name}
                      </th>
                      {LESSON_DAYS.map((day) => (
                        <td key={day} className="px-1 text-center">
                          <input
                            type="checkbox"
                            className="size-6 accent-indigo-700"
                            aria-label={`${period.name} on ${day} is non-contact`}
                            checked={draft.nonContact.some(
                              (e) => e.day === day && e.period === period.name,
                            )}
                            onChange={() => toggleNonContact(day, period.name)}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </fieldset>
        ) : null}

        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <Button type="button" onClick={onSave} disabled={saving}>
          {saving ? 'Saving…' : 'Save school day'}
        </Button>
      </CardContent>
    </Card>
  );
}
