// @vitest-environment happy-dom
import type { ParentReport } from '@contract/parent-reports';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareReportDialog } from './share-report-dialog';
import { ViewReportDialog } from './view-report-dialog';

vi.mock('@web/components/ui/use-toast', () => ({ toast: vi.fn() }));

function report(overrides: Partial<ParentReport> = {}): ParentReport {
  return {
    id: 1,
    studentId: 7,
    studentName: 'Maya Patel',
    subjects: 'Reading',
    content: 'Maya reads every night.',
    transcript: '',
    templateId: null,
    status: 'draft',
    date: '2026-11-20T10:00:00.000Z',
    videoUrl: null,
    captionsUrl: null,
    video: null,
    recordingUrl: null,
    avatarUrl: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    sentAt: null,
    ...overrides,
  };
}

const RENDER = 'AAAAAAAAAAAAAAAAAAAAAA';
let current: ParentReport;
let requests: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  requests = [];
  current = report();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url === '/api/parent-reports') return Response.json([current]);
      if (url === '/api/parent-reports/1/links') return Response.json([]);
      if (url === '/api/students') return Response.json([]);
      if (url === '/api/parent-reports/1/video' && method === 'POST') {
        current = {
          ...current,
          video: {
            renderId: RENDER,
            status: 'queued',
            progress: 0,
            voiceSource: 'synthesized',
            error: null,
            textChanged: false,
          },
        };
        return Response.json(current);
      }
      if (url === `/api/videos/${RENDER}/status`) {
        return Response.json({
          renderId: RENDER,
          status: 'rendering',
          progress: 40,
          engine: 'builtin',
          voiceSource: 'synthesized',
          error: null,
          durationMs: null,
          cleaning: null,
          videoUrl: `/api/videos/${RENDER}`,
          captionsUrl: `/api/videos/${RENDER}/captions.vtt`,
        });
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

describe('a report’s video in View and Share', () => {
  it('makes a typed draft’s video from View and follows its progress', async () => {
    render(<ViewReportDialog report={current} onOpenChange={() => {}} onShare={() => {}} />, {
      wrapper: wrapper(createQueryClient()),
    });
    await screen.findByText(/make one in the synthesized voice of your voice profile/);
    fireEvent.click(screen.getByRole('button', { name: 'Make Video' }));
    await screen.findByText('Rendering video… 40%');
    expect(requests).toContainEqual({
      url: '/api/parent-reports/1/video',
      method: 'POST',
      body: {},
    });
    expect(screen.getByRole('button', { name: 'Make Video Again' })).toBeTruthy();
  });

  it('offers no Make Video on a sent report', async () => {
    current = report({ status: 'sent', sentAt: '2026-11-21T10:00:00.000Z' });
    render(<ViewReportDialog report={current} onOpenChange={() => {}} onShare={() => {}} />, {
      wrapper: wrapper(createQueryClient()),
    });
    await screen.findByText('No video has been made for this report.');
    expect(screen.queryByRole('button', { name: /Make Video/ })).toBeNull();
  });

  it('warns before sharing without a finished video, and not with one', async () => {
    const { rerender } = render(<ShareReportDialog report={current} onOpenChange={() => {}} />, {
      wrapper: wrapper(createQueryClient()),
    });
    expect(screen.getByRole('status').textContent).toContain(
      'This report has no video yet. The parent will get the written report only',
    );
    const rendering = report({
      video: {
        renderId: RENDER,
        status: 'queued',
        progress: 0,
        voiceSource: 'recording',
        error: null,
        textChanged: false,
      },
    });
    rerender(<ShareReportDialog report={rendering} onOpenChange={() => {}} />);
    // The live status is asked for: the list's copy may be old.
    await waitFor(() =>
      expect(requests.some((r) => r.url === `/api/videos/${RENDER}/status`)).toBe(true),
    );
    expect(screen.getByRole('status').textContent).toContain('still being made');
    const done = report({
      videoUrl: `/api/videos/${RENDER}`,
      video: {
        renderId: RENDER,
        status: 'done',
        progress: 100,
        voiceSource: 'recording',
        error: null,
        textChanged: false,
      },
    });
    rerender(<ShareReportDialog report={done} onOpenChange={() => {}} />);
    expect(screen.queryByText(/no video yet|still being made|could not be made/)).toBeNull();
    expect(screen.queryByText(/captions show the earlier words/)).toBeNull();
    const edited = report({ ...done, video: { ...done.video!, textChanged: true } });
    rerender(<ShareReportDialog report={edited} onOpenChange={() => {}} />);
    expect(screen.getByRole('status').textContent).toContain(
      "You changed the report's text after its video was made",
    );
  });
});
