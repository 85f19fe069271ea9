// Starts loading the home page's first carousel image (its largest paint) while the app's
// JavaScript is still downloading. Only on the home route: the address hash is the route, which
// a <link rel="preload"> in index.html cannot see, and other routes must not fetch it for nothing.
(function () {
  var hash = window.location.hash;
  if (hash !== '' && hash !== '#' && hash.indexOf('#/?') !== 0 && hash !== '#/') return;
  var link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = '/media/home/hero-consultation.svg';
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
})();
