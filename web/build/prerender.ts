import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Manifest, type Plugin } from 'vite';
import { WEB_PAGES_INFO, type WebPagesInfo } from './html-head';

/**
 * The public pages anyone opens first, with the modules their route loads (keys of Vite's
 * manifest, relative to web/). Signed-in and secret-address pages are not prerendered:
 * what they show is someone's data.
 */
const PAGES: { path: string; file: string; modules: string[] }[] = [
  {
    path: '/',
    file: 'index.html',
    modules: ['app/query-area.tsx', 'features/landing/components/landing-page.tsx'],
  },
  {
    path: '/login',
    file: 'login.html',
    modules: ['app/query-area.tsx', 'features/auth/components/login-page.tsx'],
  },
  {
    path: '/student',
    file: 'student.html',
    modules: ['app/student-area.tsx', 'features/pupil-portal/components/student-portal-page.tsx'],
  },
];
const PAGES_DIR = 'prerendered';

/**
 * Route shells: the app's empty shell again, preloading the chunks its address will load.
 * Without them the browser finds a lazy page's code only by running what imports it: on a
 * teacher's address the main chunk, then teacher-start, then the workspace and the page,
 * one round trip each. Patterns ending in `/*` match every address under them.
 */
const TEACHER_DATA = ['/api/auth/user', '/api/settings', '/api/settings/classroom-phrase'];
type RouteShell = {
  patterns: string[];
  file: string;
  modules: string[];
  /** API answers the page reads first, the same for every address: preloaded by the shell. */
  data?: string[];
  /**
   * The answer a page reads first when its address names it (a pupil's or a parent's link):
   * the server preloads it with a Link header, as the shell cannot (server/app.ts).
   */
  firstAnswer?: { route: string; api: string };
};
const ROUTE_SHELLS: RouteShell[] = [
  {
    patterns: ['/teacher', '/teacher/'],
    file: 'teacher-dashboard.html',
    modules: [
      'app/teacher-start.ts',
      'app/query-area.tsx',
      'app/teacher-area.tsx',
      'app/dashboard/components/dashboard-page.tsx',
    ],
    data: [...TEACHER_DATA, '/api/activity', '/api/parent-reports'],
  },
  {
    patterns: ['/teacher/*'],
    file: 'teacher-area.html',
    modules: ['app/teacher-start.ts', 'app/query-area.tsx', 'app/teacher-area.tsx'],
    data: TEACHER_DATA,
  },
  {
    patterns: ['/student/submit/*'],
    file: 'pupil-submit.html',
    modules: ['app/student-area.tsx', 'features/pupil-portal/components/submit-page.tsx'],
    firstAnswer: { route: '/student/submit/:keyId', api: '/api/classroom-keys/:keyId' },
  },
  {
    patterns: ['/student/feedback/*'],
    file: 'pupil-marked-work.html',
    modules: ['app/student-area.tsx', 'features/pupil-portal/components/marked-work-page.tsx'],
  },
  {
    patterns: ['/feedback-view/*'],
    file: 'feedback-view.html',
    modules: ['features/feedback-view/components/feedback-view-page.tsx'],
    firstAnswer: { route: '/feedback-view/:accessKey', api: '/api/feedback-view/:accessKey' },
  },
  {
    patterns: ['/documents/*'],
    file: 'pupil-document.html',
    modules: ['features/pupil-document/components/pupil-document-page.tsx'],
    firstAnswer: {
      route: '/documents/:phrase/:uniqueId',
      api: '/api/pupil-documents/:phrase/:uniqueId',
    },
  },
  {
    patterns: ['/shared/*'],
    file: 'shared-report.html',
    modules: ['features/shared-report/components/shared-report-page.tsx'],
    firstAnswer: { route: '/shared/:key', api: '/api/shared/:key' },
  },
];
const SHELLS_DIR = 'shells';

/**
 * Prerenders the public pages at build time (React's `prerender`, run through Vite's SSR
 * loader) into prerendered/*.html: the text is painted as soon as the HTML arrives, not
 * after the JavaScript and the route's chunk, and web/main.tsx hydrates it. Each page also
 * preloads its route's chunks, which the browser would otherwise find only after running
 * the main chunk (a second round trip on a slow connection).
 */
export function prerenderPublicPages(): Plugin {
  let outDir = '';
  let configFile: string | undefined;
  let writes = true;
  return {
    name: 'classroom-voice-prerender',
    apply: 'build',
    config: () => ({ build: { manifest: true } }),
    configResolved(config) {
      outDir = config.build.outDir;
      configFile = config.configFile;
      // A build kept in memory (bench/support/chunk-contents.ts) has no pages to render.
      writes = config.build.write;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (!writes) return;
        const manifestPath = join(outDir, '.vite/manifest.json');
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
        // Only the build needs it; the web root serves every file it holds.
        rmSync(join(outDir, '.vite'), { recursive: true, force: true });
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        const info = JSON.parse(readFileSync(join(outDir, WEB_PAGES_INFO), 'utf8')) as WebPagesInfo;

        let loadingScreen = '';
        const server = await createServer({
          configFile,
          logLevel: 'error',
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
        });
        try {
          const { renderPage, renderLoadingScreen } = (await server.ssrLoadModule(
            '/build/prerender-entry.tsx',
          )) as {
            renderPage: (path: string) => Promise<string>;
            renderLoadingScreen: () => Promise<string>;
          };
          mkdirSync(join(outDir, PAGES_DIR), { recursive: true });
          for (const page of PAGES) {
            const markup = await renderPage(page.path);
            const html = shell
              .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
              .replace('</head>', `${preloads(manifest, page.modules, shell)}</head>`);
            if (!html.includes(markup)) throw new Error('index.html has no empty #root element');
            writeFileSync(join(outDir, PAGES_DIR, page.file), html);
            info.prerendered[page.path] = `${PAGES_DIR}/${page.file}`;
          }
          loadingScreen = await renderLoadingScreen();
        } finally {
          await server.close();
        }
        mkdirSync(join(outDir, SHELLS_DIR), { recursive: true });
        for (const route of ROUTE_SHELLS) {
          const hints = preloads(manifest, route.modules, shell) + dataPreloads(route.data ?? []);
          // Painted at once, until web/main.tsx renders the app in its place.
          const html = shell
            .replace('<div id="root"></div>', `<div id="root" data-loading>${loadingScreen}</div>`)
            .replace('</head>', `${hints}</head>`);
          writeFileSync(join(outDir, SHELLS_DIR, route.file), html);
          for (const pattern of route.patterns) {
            info.routeShells[pattern] = `${SHELLS_DIR}/${route.file}`;
          }
          if (route.firstAnswer) info.firstAnswers[route.firstAnswer.route] = route.firstAnswer.api;
        }
        writeFileSync(join(outDir, WEB_PAGES_INFO), JSON.stringify(info, null, 2));
      },
    },
  };
}

/** <link rel="modulepreload"> for the modules' chunks and what they import statically. */
function preloads(manifest: Manifest, modules: string[], shell: string): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return [...files]
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

/**
 * <link rel="preload" as="fetch"> for the API answers the page asks for first, so they
 * travel beside the code instead of after it. web/lib/api.ts fetches with credentials
 * "include", which `crossorigin="use-credentials"` matches: the browser hands the preloaded
 * answer to that fetch rather than asking twice.
 */
function dataPreloads(urls: string[]): string {
  return urls
    .map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`)
    .join('');
}
