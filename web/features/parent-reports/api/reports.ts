import type {
  CreateParentReportRequest,
  MakeReportVideoRequest,
  ParentReport,
  ReportLinkSummary,
  ShareReportRequest,
  ShareReportResponse,
  UpdateParentReportRequest,
} from '@contract/parent-reports';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { useCallback } from 'react';

export const REPORTS_URL = '/api/parent-reports';
const reportUrl = (id: number) => `${REPORTS_URL}/${id}`;
export const reportLinksUrl = (id: number) => `${reportUrl(id)}/links`;

const refreshReports = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [REPORTS_URL] });

/** Shared with teacher-start.ts, which fetches it before the dashboard first renders. */
export const reportsQuery = { queryKey: [REPORTS_URL] } as const;

export function useReports() {
  return useQuery<ParentReport[], ApiRequestError>(reportsQuery);
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation<ParentReport, ApiRequestError, CreateParentReportRequest>({
    mutationFn: (body) => apiFetch<ParentReport>(REPORTS_URL, { method: 'POST', body }),
    onSuccess: () => refreshReports(queryClient),
  });
}

export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation<
    ParentReport,
    ApiRequestError,
    { id: number; changes: UpdateParentReportRequest }
  >({
    mutationFn: ({ id, changes }) =>
      apiFetch<ParentReport>(reportUrl(id), { method: 'PUT', body: changes }),
    onSuccess: () => refreshReports(queryClient),
  });
}

/** Makes a saved draft's video (again): the answer is the report with its video queued. */
export function useMakeReportVideo() {
  const queryClient = useQueryClient();
  return useMutation<ParentReport, ApiRequestError, { id: number } & MakeReportVideoRequest>({
    mutationFn: ({ id, ...body }) =>
      apiFetch<ParentReport>(`${reportUrl(id)}/video`, { method: 'POST', body }),
    onSuccess: () => refreshReports(queryClient),
  });
}

/** Reads the reports again: a video they show has finished (or failed) meanwhile. */
export function useRefreshReports() {
  const queryClient = useQueryClient();
  return useCallback(() => refreshReports(queryClient), [queryClient]);
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (id) => apiFetch(reportUrl(id), { method: 'DELETE' }),
    onSuccess: () => refreshReports(queryClient),
  });
}

export function useReportLinks(id: number | null) {
  return useQuery<ReportLinkSummary[], ApiRequestError>({
    queryKey: [reportLinksUrl(id ?? 0)],
    enabled: id !== null,
    // View counts change while the teacher is away.
    staleTime: 10_000,
  });
}

/** Sharing sends the report: the list (status, date) and its links are read again. */
export function useShareReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation<ShareReportResponse, ApiRequestError, ShareReportRequest>({
    mutationFn: (body) =>
      apiFetch<ShareReportResponse>(`${reportUrl(id)}/share`, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        refreshReports(queryClient),
        queryClient.invalidateQueries({ queryKey: [reportLinksUrl(id)] }),
      ]),
  });
}

export function useRevokeReportLink(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (linkId) => apiFetch(`/api/report-links/${linkId}/revoke`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [reportLinksUrl(reportId)] }),
  });
}
