import 'answer-ui'; // defines <answer-block>, <agent-thread>, … (before the app renders them)
import { bootstrapApplication } from '@angular/platform-browser';
import { AppComponent } from './app/app.component';

bootstrapApplication(AppComponent).catch((error: unknown) => console.error(error));
