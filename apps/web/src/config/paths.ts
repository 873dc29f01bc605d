/**
 * Every route of the web app, built in one place. Pages link with these and the Playwright
 * tests import this file, so it must stay free of React and browser-only imports.
 */

const withQuery = (path: string, query: Record<string, string>): string =>
  `${path}?${new URLSearchParams(query).toString()}`;

export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  registry: { path: '/registry', getHref: () => '/registry' },
  emailActive: {
    path: '/email_active',
    getHref: (key: string) => withQuery('/email_active', { key }),
  },
  forgotPassword: {
    path: '/forgot_password_send_email',
    getHref: () => '/forgot_password_send_email',
  },
  resetPassword: {
    path: '/forgot_password_update',
    getHref: (key: string) => withQuery('/forgot_password_update', { key }),
  },
  changePassword: { path: '/change-password', getHref: () => '/change-password' },
  linkEmail: { path: '/link_email_account', getHref: () => '/link_email_account' },
  connectWallet: { path: '/connect_wallet', getHref: () => '/connect_wallet' },
  tos: { path: '/tos', getHref: () => '/tos' },
  termsOfService: { path: '/terms_of_service', getHref: () => '/terms_of_service' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  contact: { path: '/contact', getHref: () => '/contact' },
  market: { path: '/market', getHref: () => '/market' },
  marketList: { path: '/market/list', getHref: () => '/market/list' },
  marketItem: { path: '/market/:id', getHref: (id: string) => `/market/${encodeURIComponent(id)}` },
  shipDetail: { path: '/detail/:id', getHref: (id: string) => `/detail/${encodeURIComponent(id)}` },
  shipItem: { path: '/item/:id', getHref: (id: string) => `/item/${encodeURIComponent(id)}` },
  shop: { path: '/shop', getHref: () => '/shop' },
  shopItem: { path: '/shop/:id', getHref: (id: string) => `/shop/${encodeURIComponent(id)}` },
  // Where the card provider sends the browser back; the page shows the order's real state.
  cardPaymentResult: {
    path: '/shop/stripe_payment/:result',
    getHref: (result: 'success' | 'cancel', order: string) => withQuery(`/shop/stripe_payment/${result}`, { order }),
  },
  myOrders: {
    path: '/my/orders',
    getHref: (page?: number) => (page && page > 1 ? withQuery('/my/orders', { page: String(page) }) : '/my/orders'),
  },
  myBlindBoxes: {
    path: '/my/blindbox',
    getHref: (page?: number) => (page && page > 1 ? withQuery('/my/blindbox', { page: String(page) }) : '/my/blindbox'),
  },
  // The owner page (spec §2.2): /dashboard, and the spec's /dashbroad for old links.
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  dashbroad: { path: '/dashbroad', getHref: () => '/dashbroad' },
  fairness: { path: '/fairness', getHref: () => '/fairness' },
  // The verifier opens filled in from its query (server_seed, server_seed_hash, client_seed, nonce, odds).
  fairnessVerify: {
    path: '/fairness/verify',
    getHref: (query: Record<string, string> = {}) =>
      Object.keys(query).length ? withQuery('/fairness/verify', query) : '/fairness/verify',
  },
  leaderboard: { path: '/leaderboard', getHref: () => '/leaderboard' },
  top: { path: '/top', getHref: () => '/top' },
  // My Assets (owned-assets.md §2.1): the overview and its three children.
  myAssets: { path: '/my-assets', getHref: () => '/my-assets' },
  myAssetsSpaceships: { path: '/my-assets/spaceships', getHref: () => '/my-assets/spaceships' },
  myAssetsDncListing: { path: '/my-assets/dnc-listing', getHref: () => '/my-assets/dnc-listing' },
  myAssetsSelling: { path: '/my-assets/spaceships-selling', getHref: () => '/my-assets/spaceships-selling' },
  // Penguin staking (owned-assets.md §2.10); guarded by the /my/penguins prefix below.
  myPenguins: { path: '/my/penguins', getHref: () => '/my/penguins' },
  // GOALAND land staking (owned-assets.md §2.12); guarded by the /my/goaland prefix below.
  myGoaland: { path: '/my/goaland', getHref: () => '/my/goaland' },
  // Gin to DNC (owned-assets.md §2.11); guarded by the /my/gin-exchange prefix below.
  myGinExchange: { path: '/my/gin-exchange', getHref: () => '/my/gin-exchange' },
  // Redeem codes (issue 17): a code an operator made grants DNC or a ship.
  myRedeem: { path: '/my/redeem', getHref: () => '/my/redeem' },
  changeProfile: { path: '/change-profile', getHref: () => '/change-profile' },
  // Land (owned-assets.md §2.3–2.6): My Land, the collections, a collection's editable detail
  // (spec: query parameter key) — guarded by the /assets prefix below — and the public read-only detail.
  myLand: {
    path: '/assets',
    getHref: (redirected?: 'detail') => (redirected ? withQuery('/assets', { redirected }) : '/assets'),
  },
  // Unit-token staking (owned-assets.md §2.13–2.15); the overview links to the lower-case detail path.
  staking: { path: '/staking', getHref: () => '/staking' },
  stakingDetail: { path: '/StakingDetail', getHref: () => '/StakingDetail' },
  stakingDetailLower: { path: '/stakingdetail', getHref: () => '/stakingdetail' },
  affiliate: { path: '/affiliate', getHref: () => '/affiliate' },
  landCollections: { path: '/assets/collections', getHref: () => '/assets/collections' },
  landCollection: { path: '/assets/collection', getHref: (id: number | string) => withQuery('/assets/collection', { key: String(id) }) },
  publicCollection: { path: '/collection/:id', getHref: (uriid: string) => `/collection/${encodeURIComponent(uriid)}` },
} as const;

/**
 * Pages that need a stored session token (spec §2 route guard), including areas that are not
 * built yet so they are guarded the day they are registered. A prefix also covers its children
 * (/my-assets/spaceships, /assets/collections).
 */
export const protectedPathPrefixes = [
  paths.changeProfile.path,
  paths.changePassword.path,
  paths.myAssets.path,
  paths.myOrders.path,
  paths.myBlindBoxes.path,
  paths.dashboard.path,
  paths.dashbroad.path,
  paths.myLand.path,
  paths.myGinExchange.path,
  paths.myGoaland.path,
  '/my/penguins',
  paths.myRedeem.path,
  paths.linkEmail.path,
  paths.connectWallet.path,
] as const;
