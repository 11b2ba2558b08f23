import type { Plugin } from '../../plugin.js';
import { decimalFormatter } from './decimal.js';
import { messageFormatter } from './message.js';
import {
  bookkeeperMoneyFormatter,
  i18nMoneyFormatter,
  moneyFormatFormatter,
  moneyFormatter,
  moneyStringFormatter,
} from './money.js';
import { percentageFormatter } from './percentage.js';
import { unitFormatter, unitsMetricPredicate } from './units.js';

export const i18nPlugin: Plugin = {
  name: 'i18n',
  formatters: {
    'bookkeeper-money-format': bookkeeperMoneyFormatter,
    currency: moneyFormatter,
    decimal: decimalFormatter,
    'i18n-money-format': i18nMoneyFormatter,
    message: messageFormatter,
    money: moneyFormatter,
    'money-format': moneyFormatFormatter,
    moneyFormat: moneyFormatFormatter,
    'money-string': moneyStringFormatter,
    'percentage-format': percentageFormatter,
    plural: messageFormatter,
    unit: unitFormatter,
  },
  predicates: { 'units-metric?': unitsMetricPredicate },
};
