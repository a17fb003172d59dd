// Progressive enhancement of the profile page: the server writes free times in the expert's zone
// (or ?tz=); this shows them in the browser's own zone. Without it the page reads the same.
(() => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || new URLSearchParams(location.search).has("tz")) return;
  const lang = document.documentElement.lang || "en";
  const dated = new Intl.DateTimeFormat(lang, {
    timeZone: zone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  const timeOnly = new Intl.DateTimeFormat(lang, { timeZone: zone, hour: "2-digit", minute: "2-digit" });
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
  for (const slot of document.querySelectorAll("[data-slot]")) {
    const [start, end] = slot.querySelectorAll("time");
    const from = new Date(start.dateTime);
    const to = new Date(end.dateTime);
    start.textContent = dated.format(from);
    end.textContent =
      day.format(from) === day.format(new Date(to.getTime() - 1)) ? timeOnly.format(to) : dated.format(to);
  }
  for (const caption of document.querySelectorAll("[data-zone-caption]")) {
    caption.textContent = caption.dataset.zoneCaption.replace("{zone}", zone);
  }
  const select = document.querySelector("select[name=tz]");
  if (select && [...select.options].some((o) => o.value === zone)) select.value = zone;
})();
