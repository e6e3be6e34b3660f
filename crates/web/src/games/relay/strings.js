// The relay page's words in English and Japanese (see assets/i18n.js): keys start with 'relay.'.
'use strict';

window.I18n.add({
  en: {
  },
  ja: {
  },
});
