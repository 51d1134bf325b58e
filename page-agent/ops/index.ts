// Context: page agent. The table of dom operations this page agent answers; one file per operation.
import type { DomOp } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';
import { query } from './query';
import { queryAll } from './queryAll';
import { waitFor } from './waitFor';
import { url } from './url';
import { title } from './title';
import { text } from './text';
import { hide } from './hide';
import { show } from './show';
import { setText } from './setText';
import { remove } from './remove';
import { watch } from './watch';

export const OPS: { [K in DomOp['op']]?: OpHandler<K> } = {
  query,
  queryAll,
  waitFor,
  url,
  title,
  text,
  hide,
  show,
  setText,
  remove,
  watch,
};
