// Context: page agent. Facts about the page that many operations of one batch ask for (is there a password
// field, which addresses does the page load), read once and forgotten whenever the batch yields to the
// page, since the page may have changed meanwhile. Trusts the DOM only.
import { collectPageLoads } from './policy/page-loads';
import { pageHasPasswordField, pageHasPasswordStateField } from './policy/password';

export class PageFacts {
  private password: boolean | undefined;
  private passwordState: boolean | undefined;
  private loads: Set<string> | undefined;

  hasPasswordField(): boolean {
    this.password ??= pageHasPasswordField();
    return this.password;
  }

  /** A password field whose content or checkedness selectors can see (policy/password.ts, isPasswordStateField). */
  hasPasswordStateField(): boolean {
    this.passwordState ??= this.hasPasswordField() && pageHasPasswordStateField();
    return this.passwordState;
  }

  pageLoads(): ReadonlySet<string> {
    this.loads ??= collectPageLoads();
    return this.loads;
  }

  forget(): void {
    this.password = undefined;
    this.passwordState = undefined;
    this.loads = undefined;
  }
}
