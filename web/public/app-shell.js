// Runs in index.html's head before the first paint: the app shell takes the colour scheme the
// visitor chose (Mantine's stored "light" or "dark"; "auto" or nothing follows the system) and an
// anonymous visitor's right-to-left language. Keys: common/constants.ts STORAGE_KEYS.
(() => {
  try {
    const root = document.documentElement;
    const scheme = localStorage.getItem("helpdesk.theme");
    if (scheme === "light" || scheme === "dark") root.setAttribute("data-shell-scheme", scheme);
    if (localStorage.getItem("helpdesk.language.anonymous") === "ar") {
      root.lang = "ar";
      root.dir = "rtl";
    }
  } catch {
    // No storage (private mode, blocked): the shell follows the system.
  }
})();
