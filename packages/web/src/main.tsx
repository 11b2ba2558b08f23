import './islands.css';
import { readPageContext, setPageContext } from './context';
import { mountIslands } from './islands';

setPageContext(readPageContext(document));
void mountIslands(document);
