/**
 * A minimal client for OpenAI-compatible HTTP APIs (OpenAI itself, or self-hosted
 * servers such as Whisper or vLLM that speak the same protocol). AI_BASE_URL includes
 * the version path, as the official SDKs expect: https://api.openai.com/v1.
 */
export type OpenAiSettings = { baseUrl: string; apiKey: string | undefined; timeoutMs?: number };

export class OpenAiError extends Error {}

export async function postToOpenAi(
  settings: OpenAiSettings,
  path: string,
  body: FormData | object,
): Promise<unknown> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${settings.baseUrl.replace(/\/$/, '')}${path}`, {
    method: 'POST',
    headers: {
      ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
      ...(isForm ? {} : { 'Content-Type': 'application/json' }),
    },
    body: isForm ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(settings.timeoutMs ?? 60_000),
  });
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new OpenAiError(`${path} answered ${response.status}: ${detail}`);
  }
  return response.json();
}
