// Runs before the first paint (a plain script in <head>; the CSP allows only same-origin
// scripts, so it cannot be inline): the teacher's last known dark-mode choice in this
// browser, so a dark page never flashes white. web/lib/theme.ts keeps the value current.
try {
  if (window.localStorage.getItem('cv_dark_mode') === '1') {
    document.documentElement.classList.add('dark');
  }
} catch {
  // Storage disabled: light until the settings arrive.
}
