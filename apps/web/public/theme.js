// Applies the saved theme before the first paint, so a dark page never flashes white. A file, not
// an inline script: the Content-Security-Policy allows scripts from this server's files only.
try {
  if (localStorage.getItem("theme") === "dark") {
    document.documentElement.classList.add("dark");
    // The status bar of an installed app follows the theme (the portal's offline bar keeps it so).
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", "#0a0a0a");
  }
} catch {}
