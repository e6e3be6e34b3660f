// The werewolf page's words in English and Japanese (see assets/i18n.js): keys start with 'werewolf.'.
'use strict';

window.I18n.add({
  en: {
  },
  ja: {
  },
});
