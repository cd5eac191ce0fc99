@echo off
rem Starts Tether on Windows (an ACP agent on stdio), as bin\tether does elsewhere. UNTESTED: no
rem Windows machine has run it (docs/reference/packaging.md). It finds the Java to run the jar with:
rem the runtime a package brings (runtime\ beside bin\, or the npm platform package
rem tether-acp-win32-<cpu>), else JAVA_HOME, else java on PATH, each 21 or newer; and passes the
rem JVM's options as the one argument file every launcher passes, bin\jvm.args. Nothing but the
rem JVM's protocol frames reaches stdout: every message here goes to stderr.
rem What it cannot do on Windows, and says so: hand the provider keys over on a descriptor (they
rem stay in Tether's environment), use a start-up cache (none is made for Windows yet).
setlocal EnableExtensions DisableDelayedExpansion
set "TETHER_BIN=%~dp0"
set "TETHER_ROOT=%~dp0.."
set "TETHER_JAVA="
set "TETHER_JAR=%TETHER_ROOT%\target\tether.jar"
if exist "%TETHER_ROOT%\lib\tether.jar" set "TETHER_JAR=%TETHER_ROOT%\lib\tether.jar"
if exist "%TETHER_ROOT%\runtime\bin\java.exe" set "TETHER_JAVA=%TETHER_ROOT%\runtime\bin\java.exe"
if not exist "%TETHER_JAR%" (
  echo tether: %TETHER_JAR% is missing; build it with scripts/build 1>&2
  exit /b 1
)

rem The npm platform package, hoisted beside this package or nested in it.
set "TETHER_CPU=x64"
if /i "%PROCESSOR_ARCHITECTURE%"=="ARM64" set "TETHER_CPU=arm64"
if /i "%PROCESSOR_ARCHITEW6432%"=="ARM64" set "TETHER_CPU=arm64"
if not defined TETHER_JAVA if exist "%TETHER_ROOT%\node_modules\tether-acp-win32-%TETHER_CPU%\runtime\bin\java.exe" (
  set "TETHER_JAVA=%TETHER_ROOT%\node_modules\tether-acp-win32-%TETHER_CPU%\runtime\bin\java.exe"
)
if not defined TETHER_JAVA if exist "%TETHER_ROOT%\..\tether-acp-win32-%TETHER_CPU%\runtime\bin\java.exe" (
  set "TETHER_JAVA=%TETHER_ROOT%\..\tether-acp-win32-%TETHER_CPU%\runtime\bin\java.exe"
)

set "TETHER_SEEN="
if not defined TETHER_JAVA if defined JAVA_HOME (
  if exist "%JAVA_HOME%\bin\java.exe" (
    call :feature "%JAVA_HOME%\bin\java.exe"
  ) else (
    set "TETHER_FEATURE=0"
  )
)
if not defined TETHER_JAVA if defined JAVA_HOME (
  if %TETHER_FEATURE% GEQ 21 (
    set "TETHER_JAVA=%JAVA_HOME%\bin\java.exe"
  ) else (
    set "TETHER_SEEN=JAVA_HOME (%JAVA_HOME%) is Java %TETHER_FEATURE%"
  )
)
if not defined TETHER_JAVA (
  for %%J in (java.exe) do set "TETHER_ONPATH=%%~$PATH:J"
)
if not defined TETHER_JAVA if defined TETHER_ONPATH (
  call :feature "%TETHER_ONPATH%"
)
if not defined TETHER_JAVA if defined TETHER_ONPATH (
  if %TETHER_FEATURE% GEQ 21 (
    set "TETHER_JAVA=%TETHER_ONPATH%"
  ) else (
    set "TETHER_SEEN=%TETHER_SEEN% java on PATH (%TETHER_ONPATH%) is Java %TETHER_FEATURE%"
  )
)
if not defined TETHER_JAVA (
  echo tether: Tether needs Java 21 or newer, and none was found. %TETHER_SEEN% 1>&2
  echo tether: install a Java 21+ runtime ^(winget install EclipseAdoptium.Temurin.21.JRE, or Eclipse Temurin 21+ from adoptium.net^), then set JAVA_HOME to it or put its bin on PATH. 1>&2
  exit /b 1
)

if defined ANTHROPIC_API_KEY (
  echo tether: on Windows the provider keys stay in Tether's environment, where other processes of your user can read them ^(docs/reference/security.md^) 1>&2
) else if defined OPENAI_API_KEY (
  echo tether: on Windows the provider keys stay in Tether's environment, where other processes of your user can read them ^(docs/reference/security.md^) 1>&2
)
if not defined TETHER_NO_CACHE (
  echo tether: no start-up cache on Windows yet, so each start takes a few hundred milliseconds longer 1>&2
)

"%TETHER_JAVA%" "@%TETHER_BIN%jvm.args" -cp "%TETHER_JAR%" dev.tether.cli.Main %*
exit /b %ERRORLEVEL%

rem Sets TETHER_FEATURE to the feature version (17, 21, 25) of the java.exe given: from the JDK's
rem release file when there is one (no JVM started), else from the JVM itself; 0 when unknown.
:feature
set "TETHER_FEATURE=0"
set "TETHER_VERSION="
if exist "%~dp1..\release" (
  for /f "usebackq tokens=1,* delims==" %%a in ("%~dp1..\release") do (
    if "%%a"=="JAVA_VERSION" set "TETHER_VERSION=%%~b"
  )
) else (
  for /f "tokens=2 delims==" %%v in ('""%~1" -XshowSettings:properties -version 2>&1 | findstr /c:"java.specification.version""') do (
    set "TETHER_VERSION=%%v"
  )
)
if not defined TETHER_VERSION exit /b 0
set "TETHER_VERSION=%TETHER_VERSION: =%"
if "%TETHER_VERSION:~0,2%"=="1." set "TETHER_VERSION=%TETHER_VERSION:~2%"
for /f "tokens=1 delims=.-+_" %%f in ("%TETHER_VERSION%") do set "TETHER_FEATURE=%%f"
exit /b 0
