// Context: page agent. What counts as a password field: type password, or autocomplete naming a current
// or new password. Such a field reads as empty through every path.
export function isPasswordField(el: Element): boolean {
  if (!(el instanceof HTMLInputElement)) return false;
  if (el.type === 'password') return true;
  const tokens = (el.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
  return tokens.includes('current-password') || tokens.includes('new-password');
}

export function pageHasPasswordField(): boolean {
  for (const el of document.querySelectorAll('input')) if (isPasswordField(el)) return true;
  return false;
}
