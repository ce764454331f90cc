import { createHash } from 'node:crypto';

/** The message type the framed page posts its height with (public-site/src/lib/embed.ts sends it). */
export const EMBED_RESIZE_MESSAGE = 'classlane:resize';

/**
 * The widget loader an organization pastes into its own site:
 *   <script src="https://classlane.example/embed.js" data-organization="…" data-class="…" async></script>
 * It reads its own tag, puts an iframe of the organization's class list (or one class) right after it, and
 * sizes the iframe from the height the framed page posts. Plain ES5, no framework: it runs on sites we do not
 * control and must stay tiny. It trusts a height message only from Classlane's origin (taken from its own src)
 * and from its own iframe, so another frame on the page cannot resize it.
 */
export const EMBED_SCRIPT = `(function () {
  var tags = document.querySelectorAll('script[data-organization]');
  for (var i = 0; i < tags.length; i++) mount(tags[i]);
  function mount(tag) {
    if (tag.getAttribute('data-classlane-mounted')) return;
    var src = tag.getAttribute('src') || '';
    if (!/\\/embed\\.js(\\?|#|$)/.test(src)) return;
    tag.setAttribute('data-classlane-mounted', '1');
    var origin = new URL(src, document.baseURI).origin;
    var org = tag.getAttribute('data-organization');
    var cls = tag.getAttribute('data-class');
    var base = origin + '/embed/' + encodeURIComponent(org);
    var frame = document.createElement('iframe');
    frame.src = cls
      ? base + '/class/' + encodeURIComponent(cls) + '?organizationId=' + encodeURIComponent(org)
      : base + '/org/' + encodeURIComponent(org);
    frame.title = tag.getAttribute('data-title') || 'Classes and registration';
    frame.setAttribute('allow', 'payment');
    frame.setAttribute('loading', 'lazy');
    frame.style.cssText = 'display:block;width:100%;min-height:400px;border:0;overflow:hidden';
    frame.height = '600';
    tag.parentNode.insertBefore(frame, tag.nextSibling);
    window.addEventListener('message', function (e) {
      if (e.origin !== origin || e.source !== frame.contentWindow) return;
      var d = e.data;
      if (!d || d.type !== '${EMBED_RESIZE_MESSAGE}' || typeof d.height !== 'number') return;
      var h = Math.max(200, Math.min(Math.ceil(d.height), 20000));
      frame.style.height = h + 'px';
      frame.style.minHeight = '0';
    });
  }
})();
`;

/** A strong ETag of the script's bytes: it changes exactly when a release changes the script. */
export const EMBED_SCRIPT_ETAG = `"${createHash('sha256').update(EMBED_SCRIPT).digest('base64url').slice(0, 27)}"`;
