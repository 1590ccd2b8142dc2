// Applies the saved theme before the first paint, so a dark page never flashes white. A file, not
// an inline script: the Content-Security-Policy allows scripts from this server's files only.
try {
  if (localStorage.getItem("theme") === "dark") document.documentElement.classList.add("dark");
} catch {}
