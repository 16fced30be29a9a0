import { createRoot } from 'react-dom/client';
import { machines } from '../../machines';
import { DatePicker } from '../ui/DatePicker';

createRoot(document.getElementById('root')!).render(<main><DatePicker label="x" value={null} onChange={() => {}} openCalendarLabel="o" previousLabel="p" nextLabel="n" />{Object.keys(machines).join(', ')}</main>);
