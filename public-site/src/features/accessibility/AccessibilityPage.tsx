import { Link } from 'wouter';
import { usePlatformConfig } from '@/lib/platformConfig';
import { useSeo } from '@/lib/seo';

/** When this statement was last checked against the product (update it with the known exceptions). */
export const ACCESSIBILITY_REVIEWED = 'November 23, 2026';

/**
 * /accessibility: the conformance claim, how it is tested, the exceptions known today and whom to
 * tell. Every exception listed was found by running the checks this page describes; when one is fixed, remove
 * it here in the same change.
 */
export function AccessibilityPage() {
  useSeo('accessibility');
  const { supportEmail } = usePlatformConfig();
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Accessibility statement</h1>
          <p>Last reviewed {ACCESSIBILITY_REVIEWED}</p>
        </div>
      </section>
      <div className="container section stack">
        <section className="card prose" aria-labelledby="a11y-claim">
          <h2 id="a11y-claim">Our goal and where we stand</h2>
          <p>
            Classlane is built to meet the{' '}
            <a href="https://www.w3.org/TR/WCAG21/" rel="noopener noreferrer">
              Web Content Accessibility Guidelines (WCAG) 2.1
            </a>{' '}
            at level AA. This covers the public pages (class lists, class details, registration and payment, legal and help pages), the
            admin app and teacher mode.
          </p>
          <p>
            Today Classlane is <strong>partially conformant</strong> with WCAG 2.1 level AA: most of it meets the standard, and the parts
            that do not yet are listed below under known exceptions.
          </p>
        </section>

        <section className="card prose" aria-labelledby="a11y-testing">
          <h2 id="a11y-testing">How we test</h2>
          <ul>
            <li>
              <strong>Automated checks on every page.</strong> Every run of our test suite opens each public page and the admin and teacher
              screens in a real browser, at a desktop size (1280 × 800) and a phone size (Pixel 7, 412 pixels wide), and checks them with
              axe-core against the WCAG 2.1 A and AA rules. A serious or critical finding fails the build.
            </li>
            <li>
              <strong>Keyboard walk-throughs.</strong> Automated tests use the keyboard only for: the skip link and opening a class from an
              organization&rsquo;s class list; and, in teacher mode, marking attendance and payment on the session screen.
            </li>
            <li>
              <strong>Phones and touch.</strong> The teacher session screen is tested on a phone viewport with touch: every control is at
              least 44 × 44 pixels.
            </li>
            <li>
              <strong>Colours chosen by organizations.</strong> Organizations pick their own brand colours. On the public pages, a text
              colour with too little contrast against its background is replaced by black or white automatically; the admin app warns when a
              chosen header or footer colour pair is below a 4.5:1 contrast ratio.
            </li>
          </ul>
        </section>

        <section className="card prose" aria-labelledby="a11y-exceptions">
          <h2 id="a11y-exceptions">Known exceptions</h2>
          <ul>
            <li>
              <strong>PDF report downloads</strong> are not tagged PDFs: a screen reader reads them as plain text without table structure
              (WCAG 1.3.1). Use the CSV download of the same report instead.
            </li>
            <li>
              <strong>Heading levels.</strong> Some admin and teacher screens, and the pricing page, go from the page title straight to a
              third-level heading (for example class and plan cards), which makes moving by headings less predictable. This is not a WCAG
              2.1 AA failure, but we track it.
            </li>
            <li>
              <strong>The card payment field</strong> on the registration page is provided by our payment processor, Stripe, inside a frame.
              We do not test its accessibility ourselves; Stripe publishes its own accessibility commitments. Paying in person at the class
              is still possible wherever the organization offers it.
            </li>
          </ul>
        </section>

        <section className="card prose" aria-labelledby="a11y-untested">
          <h2 id="a11y-untested">Not yet tested</h2>
          <ul>
            <li>
              Full passes with screen readers (NVDA, JAWS, VoiceOver, TalkBack). Our checks verify names, roles and structure, but no one
              has yet completed each task with a screen reader from start to finish.
            </li>
            <li>
              Zoom to 400% and text spacing overrides. A one-off check on {ACCESSIBILITY_REVIEWED} found no public, admin or teacher page
              that scrolls sideways at 320 pixels wide, but this is not yet part of every test run.
            </li>
            <li>Colour contrast of text placed over images and gradients, which the automated checks cannot measure.</li>
            <li>Class descriptions, images and links written by each organization.</li>
          </ul>
        </section>

        <section className="card prose" aria-labelledby="a11y-contact">
          <h2 id="a11y-contact">Tell us about a problem</h2>
          <p>
            If something on Classlane is hard or impossible for you to use, please tell us through the{' '}
            <Link href="/contact-us">contact page</Link>
            {supportEmail ? (
              <>
                {' '}
                or by email at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              </>
            ) : null}
            . Say which page and what you were trying to do. If you need to register for a class meanwhile, the organization running it can
            register you directly: the Contact link at the bottom of its pages reaches it.
          </p>
        </section>
      </div>
    </>
  );
}
