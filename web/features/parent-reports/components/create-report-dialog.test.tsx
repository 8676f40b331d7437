// @vitest-environment happy-dom
import { MISSING_INFORMATION, REPORT_TEMPLATES } from '@contract/report-templates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateReportDialog } from './create-report-dialog';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@web/components/ui/use-toast', () => ({ toast }));

const MAYA = {
  id: 7,
  name: 'Maya',
  surname: 'Patel',
  surnameInitials: null,
  displayName: 'Maya Patel',
  yearGroup: 'Year 6',
  grade: null,
  email: null,
  notes: null,
  parentName: 'Priya Patel',
  parentEmail: 'priya@family.example',
  imageUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

let posted: unknown[] = [];

beforeEach(() => {
  posted = [];
  toast.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/students') return Response.json([MAYA]);
      if (url === '/api/parent-reports' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return Response.json({ id: 1, ...body, status: 'draft' });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrapper(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Save Report' }) as HTMLButtonElement;

describe('CreateReportDialog', () => {
  it('keeps Save and Preview off until there is an enhanced transcript, and asks for a pupil and subjects', async () => {
    render(<CreateReportDialog open onOpenChange={() => {}} />, {
      wrapper: wrapper(createQueryClient()),
    });
    expect(saveButton().disabled).toBe(true);
    expect((screen.getByRole('tab', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Type the report instead' }));
    fireEvent.change(screen.getByLabelText('Enhanced transcript'), {
      target: { value: 'Maya has worked hard.' },
    });
    expect(saveButton().disabled).toBe(false);
    expect((screen.getByRole('tab', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(
      false,
    );

    // No pupil, no subjects: the spec's message, and nothing is sent.
    fireEvent.click(saveButton());
    expect(toast).toHaveBeenCalledWith({
      title: 'Missing information',
      description: MISSING_INFORMATION,
      variant: 'destructive',
    });
    expect(posted).toEqual([]);

    await screen.findByRole('option', { name: 'Maya Patel (Year 6)' });
    fireEvent.change(screen.getByLabelText('Student'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Subjects'), { target: { value: 'Maths' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      studentId: 7,
      subjects: 'Maths',
      content: 'Maya has worked hard.',
      videoUrl: null,
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Report Saved',
        description: 'Your report was created as a draft.',
      }),
    );
  });

  it('starts every opening afresh, with a template prefilling the subjects and showing its prompts', async () => {
    const queryClient = createQueryClient();
    const template = REPORT_TEMPLATES[0]!;
    const { rerender } = render(
      <CreateReportDialog open onOpenChange={() => {}} template={template} />,
      { wrapper: wrapper(queryClient) },
    );
    expect((screen.getByLabelText('Subjects') as HTMLInputElement).value).toBe(template.subjects);
    expect(screen.getByText(template.prompts[0]!)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subjects'), { target: { value: 'Art' } });
    fireEvent.click(screen.getByRole('button', { name: 'Type the report instead' }));
    fireEvent.change(screen.getByLabelText('Enhanced transcript'), { target: { value: 'Text' } });

    rerender(<CreateReportDialog open={false} onOpenChange={() => {}} />);
    rerender(<CreateReportDialog open onOpenChange={() => {}} />);
    expect((screen.getByLabelText('Subjects') as HTMLInputElement).value).toBe('');
    expect(screen.queryByLabelText('Enhanced transcript')).toBeNull();
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText(template.prompts[0]!)).toBeNull();
  });
});
