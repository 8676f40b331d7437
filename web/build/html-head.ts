import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** What the server needs to know about the built pages (read by server/platform/web-pages.ts). */
export type WebPagesInfo = {
  /** CSP sources ('sha256-…') of the inline scripts in the pages, exactly those. */
  scriptHashes: string[];
  /** Address → HTML file (relative to the web root) prerendered for it. */
  prerendered: Record<string, string>;
  /** Address, or prefix ending in `/*`, → the shell that preloads its code. */
  routeShells: Record<string, string>;
  /**
   * Page route with `:params` → the API address its page reads first, with the same
   * params. The server preloads that answer (a Link header) for an address that matches.
   */
  firstAnswers: Record<string, string>;
};
export const WEB_PAGES_INFO = 'web-pages.json';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

export function scriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Nothing in <head> blocks the first paint (Lighthouse: render-blocking resources): the
 * app's stylesheet is written into the page as a <style> element (the CSP's style-src
 * already allows inline styles: Radix and React set style attributes), and the inline
 * theme script's hash goes to web-pages.json for the server's script-src.
 * The page is never painted unstyled: the styles arrive with the HTML itself.
 */
export function inlineHead(): Plugin {
  let outDir = '';
  return {
    name: 'classroom-voice-inline-head',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        return inlineStylesheets(html, context.bundle);
      },
    },
    closeBundle: {
      sequential: true,
      handler() {
        const html = readFileSync(join(outDir, 'index.html'), 'utf8');
        const info: WebPagesInfo = {
          scriptHashes: scriptHashes(html),
          prerendered: {},
          routeShells: {},
          firstAnswers: {},
        };
        writeFileSync(join(outDir, WEB_PAGES_INFO), JSON.stringify(info, null, 2));
      },
    },
  };
}

function inlineStylesheets(html: string, bundle: Rollup.OutputBundle): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
    (tag, fileName: string) => {
      const asset = bundle[fileName] as Rollup.OutputAsset | undefined;
      if (asset?.type !== 'asset') return tag;
      // Nothing in a stylesheet can close the element early except this exact text.
      const css = String(asset.source).replaceAll('</style', '<\\/style');
      // The link stays, disabled (never fetched nor parsed): lazily loaded areas that share
      // chunks with the entry list this stylesheet among their dependencies, and Vite's
      // loader would fetch and apply it a second time (restyling the whole page) unless it
      // finds the link.
      return `<style>${css}</style><link rel="stylesheet" disabled href="/${fileName}">`;
    },
  );
}
