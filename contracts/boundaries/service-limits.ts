// Context: shared (pure). The rmx services' limits, apart from their schemas, so every side (and the
// remixlet runtime, which evaluates as little as it can) enforces the same numbers.
export const SERVICE_LIMITS = {
  /** A line in a remixlet's log (rmx.log, warn, error); the runtime cuts a longer one to this length. */
  logLineChars: 4_000,
  clipboardChars: 100_000,
  notifyTitleChars: 100,
  notifyMessageChars: 500,
  /** Notifications a remixlet may show in any rolling minute, and in any rolling hour. */
  notifyPerMinute: 3,
  notifyPerHour: 20,
  menuItemsPerRemixlet: 5,
  menuTitleChars: 100,
  schedulesPerRemixlet: 10,
  /** chrome.alarms fires no sooner than 30 s in a packed extension; a minute is the honest floor. */
  scheduleMinMinutes: 1,
  /** A repeat is never more often than this: a schedule is for reminders, not for polling. */
  scheduleMinRepeatMinutes: 15,
  scheduleMaxDays: 366,
  messageBytes: 16 * 1024,
  /**
   * The most JSON text a stored value or a scheduled message may make as it crosses to the worker: the
   * services refuse anything over their own limits (256 KB, 16 KB) with their reasons; this bound refuses a
   * far larger one at the offscreen host, so a flood of huge values never reaches the worker's queues.
   */
  crossingValueJsonChars: 1024 * 1024,
  queuedMessages: 20,
  fetchUrlChars: 4_096,
  fetchRequestBodyBytes: 256 * 1024,
  fetchResponseBytes: 1024 * 1024,
  fetchTimeoutMs: 30_000,
  fetchMaxRedirects: 10,
  fetchConcurrentPerRemixlet: 4,
  fetchHeaders: 30,
  observeBodyChars: 64 * 1024,
  observeKeptPerHost: 20,
} as const;
