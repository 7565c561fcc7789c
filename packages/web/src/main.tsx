import './zod-jitless';
import 'antd/dist/antd.css';
import { bootstrap } from './app/bootstrap';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void bootstrap(container);
