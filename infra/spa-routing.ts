import { SITE_LANGUAGES } from '../shared/languages.ts';
import {
  CONSOLE_PREFIX,
  CONSOLE_SHELL,
  PAGE_LANGUAGES,
  PRERENDERED_PAGES,
  ROOT_PAGES,
  SITE_PAGE_PARAMS,
  SITE_PAGES,
  SITE_REDIRECTS,
} from '../shared/site/site-pages.ts';

/**
 * The CloudFront Functions (cloudfront-js-2.0) of the site's default behaviour, generated at synth
 * time from shared/site/site-pages.ts and shared/languages.ts so that CloudFront and the local gateway
 * follow one list. CloudFront Functions cannot import modules, so the small classification and
 * language rules are written again here in plain JS (including which pages are pre-rendered to
 * `/{lang}/{path}/index.html`); spa-routing.test.ts checks them against the
 * shared originals on many inputs.
 */
const shared = `
var PAGES = ${JSON.stringify(SITE_PAGES)};
var PARAMS = ${JSON.stringify(SITE_PAGE_PARAMS)};
var PAGE_LANGUAGES = ${JSON.stringify(PAGE_LANGUAGES)};
var PRERENDERED = ${JSON.stringify(PRERENDERED_PAGES)};
var LANGUAGES = ${JSON.stringify(SITE_LANGUAGES)};
var CONSOLE = ${JSON.stringify(CONSOLE_PREFIX)};
var CONSOLE_SHELL = ${JSON.stringify(CONSOLE_SHELL)};
var ROOT_PAGES = ${JSON.stringify(ROOT_PAGES)};
var REDIRECTS = ${JSON.stringify(SITE_REDIRECTS)};
function matches(pattern, segments) {
  var parts = pattern.split('/').filter(function (p) { return p !== ''; });
  if (parts.length !== segments.length) return false;
  for (var i = 0; i < parts.length; i++) {
    var m = /^\\{([A-Za-z0-9_]+)\\}$/.exec(parts[i]);
    if (!m) { if (parts[i] !== segments[i]) return false; continue; }
    var allowed = PARAMS[m[1]];
    if (segments[i] === '' || (allowed && allowed.indexOf(segments[i]) === -1)) return false;
  }
  return true;
}
function segmentsOf(uri) {
  return uri.split('/').filter(function (s) { return s !== ''; }).map(function (s) {
    try { return decodeURIComponent(s); } catch (e) { return s; }
  });
}
function pageOf(uri) {
  var segments = segmentsOf(uri);
  if (LANGUAGES.indexOf(segments[0]) === -1) return null;
  var rest = segments.slice(1);
  for (var i = 0; i < PAGES.length; i++) {
    if (!matches(PAGES[i], rest)) continue;
    var only = PAGE_LANGUAGES[PAGES[i]];
    return !only || only.indexOf(segments[0]) !== -1 ? PAGES[i] : null;
  }
  return null;
}
function redirectOf(uri) {
  var segments = segmentsOf(uri);
  var lang = segments.length === 2 && LANGUAGES.indexOf(segments[0]) !== -1 ? segments[0] : null;
  var alias = lang !== null ? segments[1] : segments.length === 1 ? segments[0] : null;
  if (alias === null) return null;
  alias = alias.toLowerCase();
  return Object.prototype.hasOwnProperty.call(REDIRECTS, alias) ? { alias: alias, lang: lang } : null;
}
function classify(uri) {
  if (uri === '/' || uri === '') return 'language-root-redirect';
  if (uri === CONSOLE || uri.indexOf(CONSOLE + '/') === 0) return 'console';
  if (ROOT_PAGES.indexOf(uri.replace(/\\/$/, '')) !== -1) return 'site-page';
  if (pageOf(uri) !== null) return 'site-page';
  return redirectOf(uri) === null ? 'not-found' : 'redirect';
}
function prerenderedFile(uri) {
  var page = pageOf(uri);
  if (page === null || PRERENDERED.indexOf(page) === -1) return null;
  return '/' + segmentsOf(uri).concat(['index.html']).join('/');
}
function isFile(uri) {
  var last = uri.split('/').pop();
  return last.indexOf('.') !== -1;
}
`;

const viewerRequest = `${shared}
function pickLanguage(header) {
  var tags = (header || '').split(',').map(function (part, index) {
    var pieces = part.trim().split(';');
    var q = 1;
    for (var i = 1; i < pieces.length; i++) {
      var p = pieces[i].trim();
      if (p.indexOf('q=') === 0) q = Number(p.slice(2));
    }
    return { tag: pieces[0].trim(), q: q, index: index };
  }).filter(function (e) { return e.tag && e.tag !== '*' && !isNaN(e.q) && e.q > 0; });
  tags.sort(function (a, b) { return b.q - a.q || a.index - b.index; });
  for (var i = 0; i < tags.length; i++) {
    var lower = tags[i].tag.toLowerCase();
    for (var j = 0; j < LANGUAGES.length; j++) if (LANGUAGES[j].toLowerCase() === lower) return LANGUAGES[j];
    var primary = lower.split('-')[0];
    if (primary === 'zh') return 'zh-TW';
    if (LANGUAGES.indexOf(primary) !== -1) return primary;
  }
  return 'en';
}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (isFile(uri)) return request;
  var kind = classify(uri);
  if (kind === 'language-root-redirect') {
    var header = request.headers['accept-language'];
    var query = Object.keys(request.querystring || {}).map(function (name) {
      return encodeURIComponent(name) + '=' + encodeURIComponent(request.querystring[name].value);
    }).join('&');
    return {
      statusCode: 302,
      statusDescription: 'Found',
      headers: {
        location: { value: '/' + pickLanguage(header && header.value) + (query ? '?' + query : '') },
        'cache-control': { value: 'no-store' },
        vary: { value: 'Accept-Language' },
      },
    };
  }
  if (kind === 'redirect') {
    var found = redirectOf(uri);
    var target = REDIRECTS[found.alias];
    // The query's pairs as received (values stay percent-encoded), as AWS's sample functions rebuild a
    // query (aws-samples/amazon-cloudfront-functions, normalize-query-string).
    var pairs = [];
    Object.keys(request.querystring || {}).forEach(function (name) {
      if (Object.prototype.hasOwnProperty.call(target.query, name)) return;
      var entry = request.querystring[name];
      (entry.multiValue || [entry]).forEach(function (one) {
        pairs.push(one.value === '' ? name : name + '=' + one.value);
      });
    });
    Object.keys(target.query).forEach(function (name) {
      pairs.push(name + '=' + target.query[name]);
    });
    var chosen = found.lang === null;
    var header = request.headers['accept-language'];
    var language = chosen ? pickLanguage(header && header.value) : found.lang;
    var headers = {
      location: { value: '/' + language + target.path + (pairs.length ? '?' + pairs.join('&') : '') },
      'cache-control': { value: chosen ? 'no-store' : 'max-age=86400' },
    };
    if (chosen) headers.vary = { value: 'Accept-Language' };
    return {
      statusCode: chosen ? 302 : 301,
      statusDescription: chosen ? 'Found' : 'Moved Permanently',
      headers: headers,
    };
  }
  request.uri =
    kind === 'not-found' ? '/404.html' : kind === 'console' ? CONSOLE_SHELL : prerenderedFile(uri) || '/index.html';
  return request;
}
`;

const viewerResponse = `${shared}
function handler(event) {
  var uri = event.request.uri;
  var response = event.response;
  if (uri === '/404.html' || (!isFile(uri) && classify(uri) === 'not-found')) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}
`;

export const spaViewerRequestCode = viewerRequest;
export const spaViewerResponseCode = viewerResponse;
