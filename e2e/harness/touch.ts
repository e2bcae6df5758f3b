/**
 * A respondent's phone, measured: the screen of issue 11 (390×844, touch),
 * tap targets too small for a finger, and the taps and swipes a journey takes.
 */
import type { Locator, Page } from 'playwright-core';

/** The phone of issue 11: 390×844 CSS px, a touch screen. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** WCAG 2.5.5 (AAA) and the platforms' guidelines: 44×44 CSS px. */
export const MIN_TAP_TARGET = 44;

/**
 * Every visible control a finger can tap (links, buttons, inputs, selects,
 * anything with a button-like role or in the tab order) whose tap area is
 * smaller than `min`×`min` CSS px, as 'tag "name" W×H'. The tap area of a
 * radio button or checkbox is the larger of its own box and its label's (a tap
 * on the label chooses it). Disabled controls and those hidden from everyone
 * (aria-hidden, tabindex=-1 and zero-sized helpers) do not count.
 */
export async function smallTapTargets(page: Page, min = MIN_TAP_TARGET): Promise<string[]> {
  return page.evaluate((minimum) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="tab"]',
      '[role="combobox"]',
      '[role="option"]',
      '[role="switch"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.matches(':disabled, [aria-disabled="true"]')) continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      if (element.getAttribute('tabindex') === '-1' && !element.matches('a[href], button, input, select, textarea')) continue;
      if (!element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
      let { width, height } = element.getBoundingClientRect();
      if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')) {
        for (const label of element.labels ?? []) {
          const box = label.getBoundingClientRect();
          width = Math.max(width, box.width);
          height = Math.max(height, box.height);
        }
      } else if (width * height <= 1 || element.matches('input[tabindex="-1"][aria-hidden]')) {
        // A visually hidden helper (MUI's native select input, a 1 px skip target): nothing to tap.
        continue;
      }
      // Sub-pixel layouts: 43.99 is 44.
      if (Math.round(width) >= minimum && Math.round(height) >= minimum) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '').trim().slice(0, 40);
      small.push(`${element.tagName.toLowerCase()}${element.getAttribute('type') ? `[${element.getAttribute('type')}]` : ''} "${name}" ${Math.round(width)}×${Math.round(height)}`);
    }
    return small;
  }, min);
}

/**
 * The swipes needed to see the whole page once, from its top: a swipe moves
 * the page by 80 % of the screen's height (a flick keeps a little of the last
 * screen in view, so the reader keeps their place). A page that fits the
 * screen takes none. Counted once per step of a form, after it is answered
 * (gates may have grown it).
 */
export async function swipesToRead(page: Page): Promise<number> {
  const { height, screen } = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, screen: window.innerHeight }));
  return Math.ceil(Math.max(0, height - screen) / (screen * 0.8));
}

/** The taps and swipes of one journey: every tap goes through `tap`, every screen read through `read`. */
export class TouchJourney {
  taps = 0;
  /** The swipes of each screen read, in order. */
  readonly screens: number[] = [];

  get swipes(): number {
    return this.screens.reduce((sum, n) => sum + n, 0);
  }

  constructor(readonly name: string) {}

  /** One tap on a control (a click, or a check of a radio button or checkbox). */
  async tap(control: Locator, action: 'click' | 'check' = 'click'): Promise<void> {
    this.taps++;
    await (action === 'check' ? control.check() : control.click());
  }

  /** The swipes to read the page on screen now. */
  async read(page: Page): Promise<void> {
    this.screens.push(await swipesToRead(page));
  }

  /** 'name: N taps, M swipes (per screen: a+b+…)', for the test's log and the issue's figures. */
  toString(): string {
    return `${this.name}: ${this.taps} taps, ${this.swipes} swipes (per screen: ${this.screens.join('+')})`;
  }
}

/**
 * Resizes the page to a phone's width and returns how much wider than the
 * screen the page then is (0 when nothing runs off it). Some layouts switch in
 * React after the resize (a media query hook), so it waits up to 10 s for the
 * page to fit before measuring: on a loaded machine the switch lands late, and
 * a page that never fits is still reported.
 */
export async function sidewaysOverflowOnPhone(page: Page, width = PHONE.viewport.width): Promise<number> {
  await page.setViewportSize({ width, height: PHONE.viewport.height });
  await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 10_000 }).catch(() => undefined);
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}
