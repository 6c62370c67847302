#!/usr/bin/env node
import { serve } from "typemcp";
import { Calculator } from "./calculator.js";

await serve(new Calculator(), {
  name: "calc",
  title: "Calculator",
  version: "1.0.0",
  instructions: "Arithmetic tools. Use them instead of computing numbers yourself; each tool does one operation.",
});
