import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useOrganization } from '@/lib/OrganizationContext';

const OVERLAY_MIN_MS = 300;
const OVERLAY_MAX_MS = 2000;

/**
 * Full-screen overlay on every in-app route change (spec 1 §2): primary colour and business name,
 * hidden after 300 ms and never shown longer than 2 s. Not shown on the first load (nothing to cover)
 * and purely visual: it never blocks clicks.
 */
export function RouteOverlay() {
  const [location] = useLocation();
  const { branding } = useOrganization();
  const first = useRef(true);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setVisible(true);
    const hide = window.setTimeout(() => setVisible(false), OVERLAY_MIN_MS);
    const cap = window.setTimeout(() => setVisible(false), OVERLAY_MAX_MS);
    return () => {
      window.clearTimeout(hide);
      window.clearTimeout(cap);
    };
  }, [location]);

  if (!visible) return null;
  return (
    <div className="route-overlay" aria-hidden="true">
      <div className="route-overlay__content">
        <span className="spinner spinner--light" />
        <span className="route-overlay__name">{branding.businessName}</span>
      </div>
    </div>
  );
}
